package metacorpus

import (
	"bytes"
	"slices"

	apiequality "k8s.io/apimachinery/pkg/api/equality"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/util/managedfields"
	"k8s.io/apimachinery/pkg/util/validation/field"
	"sigs.k8s.io/structured-merge-diff/v6/fieldpath"

	"github.com/metagen-dev/metagen/schema/meta"
)

// Store describes what the registry of one resource does to a request
// before its validation runs. Rules validates metadata as apimachinery
// does; a request to a real kube-apiserver reaches that validation only
// after the handler, the field manager, the store and the strategy's
// PrepareForCreate have changed it or answered it (spec §1.1, §2.1).
// Through models those steps, so that a test can hold Rules to a real
// server.
type Store struct {
	// APIVersions are the group versions the resource is served at. The
	// field manager drops a managedFields entry of any other version.
	APIVersions []string
	// UnconditionalUpdate is the strategy's AllowUnconditionalUpdate (true
	// for ConfigMaps): an update without a resourceVersion gets the stored
	// one. Otherwise (custom resources, PodCertificateRequests) the store
	// refuses it before validation.
	UnconditionalUpdate bool
	// GenerationOnCreate is true when the strategy's PrepareForCreate sets
	// generation to 1 (custom resources, Pods, Deployments). Otherwise the
	// client's value is validated (ConfigMaps, PodCertificateRequests).
	GenerationOnCreate bool
}

// Through returns the case as kube-apiserver hands it to validation, and
// nil; or, when the store answers before validation runs, the case and the
// causes of that answer. In order (as in as/pkg/endpoints/handlers and
// as/pkg/registry/generic/registry/store.go):
//
//   - on create, the handler wipes the system fields (meta.WipeSystemFields);
//   - the handler drops duplicate owner references (same UID and equal),
//     before and after the field manager;
//   - the field manager replaces the managedFields the client sent, unless
//     it can decode them (see managedFieldsAfterFieldManager);
//   - on update, the store takes the stored resourceVersion when the client
//     sent none and the resource allows unconditional updates, and
//     otherwise answers with its own single cause
//     (metadata.resourceVersion: Invalid value: 0);
//   - on create, the strategy sets generation to 1 when GenerationOnCreate.
//
// What rest.BeforeUpdate copies from the stored object is left to
// Case.Ours, which applies meta.PrepareForUpdate.
func (c Case) Through(s Store) (Case, field.ErrorList) {
	obj := c.Obj.DeepCopy()
	if c.Old == nil {
		meta.WipeSystemFields(obj)
	}
	obj.OwnerReferences = dedupOwnerReferences(obj.OwnerReferences)
	var stored []metav1.ManagedFieldsEntry
	if c.Old != nil {
		stored = c.Old.ManagedFields
	}
	obj.ManagedFields = s.managedFieldsAfterFieldManager(obj.ManagedFields, stored)
	c.Obj = obj
	if c.Old != nil && obj.ResourceVersion == "" {
		if !s.UnconditionalUpdate {
			return c, field.ErrorList{field.Invalid(field.NewPath("metadata", "resourceVersion"), uint64(0), "must be specified for an update")}
		}
		obj.ResourceVersion = c.Old.ResourceVersion
	}
	if c.Old == nil && s.GenerationOnCreate {
		obj.Generation = 1
	}
	return c, nil
}

// dedupOwnerReferences is the handler's dedupOwnerReferences: a reference
// with the UID of an earlier one and equal to one of them is dropped.
func dedupOwnerReferences(refs []metav1.OwnerReference) []metav1.OwnerReference {
	var out []metav1.OwnerReference
	for _, ref := range refs {
		if !slices.ContainsFunc(out, func(r metav1.OwnerReference) bool { return apiequality.Semantic.DeepEqual(r, ref) }) {
			out = append(out, ref)
		}
	}
	if len(out) == len(refs) {
		return refs
	}
	return out
}

// managedFieldsAfterFieldManager is what remains, for validation, of the
// managedFields a client sent once the field manager has run
// (am/pkg/util/managedfields/internal/fieldmanager.go:decodeLiveOrNew, and
// the structured-merge-diff updater behind it):
//
//   - an empty list or a single empty entry asks for a reset: none remain;
//   - entries it cannot decode (operation not Apply or Update, no
//     apiVersion, fieldsType not FieldsV1, fields that do not parse), or no
//     entries at all, give way to the stored object's (none on create);
//   - otherwise the entries are kept, except those of a version the
//     resource is not served at and those that own no field.
//
// The field manager then adds or updates the entry of the request's own
// manager, which is always valid, and takes the fields this request changes
// away from the other entries (an entry left without fields is dropped);
// neither changes what validation reports about the client's entries as
// long as they own fields the request leaves alone, so neither is modelled.
func (s Store) managedFieldsAfterFieldManager(sent, stored []metav1.ManagedFieldsEntry) []metav1.ManagedFieldsEntry {
	switch {
	case sent != nil && len(sent) == 0,
		len(sent) == 1 && apiequality.Semantic.DeepEqual(sent[0], metav1.ManagedFieldsEntry{}):
		return nil
	case len(sent) == 0 || managedfields.ValidateManagedFields(sent) != nil:
		return stored
	}
	var kept []metav1.ManagedFieldsEntry
	for _, entry := range sent {
		if slices.Contains(s.APIVersions, entry.APIVersion) && ownsFields(entry.FieldsV1) {
			kept = append(kept, entry)
		}
	}
	return kept
}

// ownsFields reports whether a decodable entry's field set is not empty.
func ownsFields(fields *metav1.FieldsV1) bool {
	if fields == nil {
		return false
	}
	var set fieldpath.Set
	return set.FromJSON(bytes.NewReader(fields.Raw)) == nil && !set.Empty()
}
