package meta

import (
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
)

// WipeSystemFields clears what a client may not set on create, as
// kube-apiserver's create handler does (rest.WipeObjectMetaSystemFields):
// creationTimestamp, uid, deletionTimestamp, deletionGracePeriodSeconds and
// selfLink. The server then assigns a fresh uid and creationTimestamp.
func WipeSystemFields(obj *metav1.ObjectMeta) {
	obj.CreationTimestamp = metav1.Time{}
	obj.UID = ""
	obj.DeletionTimestamp = nil
	obj.DeletionGracePeriodSeconds = nil
	obj.SelfLink = ""
}

// PrepareForUpdate carries over from the stored object what an update may not
// change, before validation, as rest.BeforeUpdate does:
//
//   - generation always (strategies bump it afterwards);
//   - uid when the update leaves it empty;
//   - creationTimestamp whenever the stored one is set: a changed value is
//     silently restored;
//   - deletionTimestamp whenever the stored one is set: a cleared or moved
//     value is silently restored;
//   - deletionGracePeriodSeconds when the update clears it.
//
// What remains different is for validation to reject: deletionTimestamp set
// on a live object, a changed deletionGracePeriodSeconds, a changed uid.
func PrepareForUpdate(obj, old *metav1.ObjectMeta) {
	obj.Generation = old.Generation
	if obj.UID == "" {
		obj.UID = old.UID
	}
	if !old.CreationTimestamp.IsZero() {
		obj.CreationTimestamp = old.CreationTimestamp
	}
	if !old.DeletionTimestamp.IsZero() {
		obj.DeletionTimestamp = old.DeletionTimestamp
	}
	if old.DeletionGracePeriodSeconds != nil && obj.DeletionGracePeriodSeconds == nil {
		obj.DeletionGracePeriodSeconds = old.DeletionGracePeriodSeconds
	}
}
