package meta

import "k8s.io/apimachinery/pkg/util/validation/field"

// OwnedFinalizerErrors is the +metagen:allowed-finalizers check alone: a
// finalizer in the type's own domain (Group or a subdomain) must be one of
// OwnedFinalizers, unless old (the stored object's finalizers, nil on
// create) already has it. Validate includes it; servers that validate the
// rest of the metadata themselves (the custom resource strategy) add it
// with this.
func (r *Rules) OwnedFinalizerErrors(finalizers, old []string, fldPath *field.Path) field.ErrorList {
	return r.ownedFinalizerErrors(finalizers, old, fldPath)
}
