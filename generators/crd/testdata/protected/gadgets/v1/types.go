package v1

import metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

// Gadget is a resource of an approved protected group.
//
// +kubebuilder:object:root=true
// +kubebuilder:metadata:annotations="api-approved.kubernetes.io=https://github.com/kubernetes/enhancements/pull/1111"
type Gadget struct {
	metav1.TypeMeta `json:",inline"`
	// +optional
	metav1.ObjectMeta `json:"metadata,omitempty"`

	// Size is how big it is.
	// +optional
	Size int32 `json:"size,omitempty"`
}
