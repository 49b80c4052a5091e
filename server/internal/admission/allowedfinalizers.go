// Package admission is the server's admission: NamespaceLifecycle, wired
// to the namespace store, and the allowed finalizers of custom resources.
package admission

import (
	"context"
	"strings"
	"sync/atomic"

	apiextensionslisters "k8s.io/apiextensions-apiserver/pkg/client/listers/apiextensions/v1"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
	"k8s.io/apimachinery/pkg/api/meta"
	"k8s.io/apimachinery/pkg/util/validation/field"
	"k8s.io/apiserver/pkg/admission"

	metarules "github.com/metagen-dev/metagen/schema/meta"
)

// AllowedFinalizersAnnotation is the server's annotation of that name,
// enforced here.
const AllowedFinalizersAnnotation = "metagen.dev/allowed-finalizers"

// AllowedFinalizers is the validating admission that enforces
// AllowedFinalizersAnnotation on custom resources.
type AllowedFinalizers struct {
	*admission.Handler
	crds atomic.Pointer[apiextensionslisters.CustomResourceDefinitionLister]
}

// NewAllowedFinalizers returns the plugin, letting everything pass until SetLister.
func NewAllowedFinalizers() *AllowedFinalizers {
	return &AllowedFinalizers{Handler: admission.NewHandler(admission.Create, admission.Update)}
}

// SetLister gives the plugin the CRDs; until then it lets everything pass
// (no custom resource is served before the CRD informer runs).
func (a *AllowedFinalizers) SetLister(lister apiextensionslisters.CustomResourceDefinitionLister) {
	a.crds.Store(&lister)
}

// Validate implements admission.ValidationInterface.
func (a *AllowedFinalizers) Validate(_ context.Context, attrs admission.Attributes, _ admission.ObjectInterfaces) error {
	lister := a.crds.Load()
	if lister == nil || attrs.GetSubresource() != "" || attrs.GetObject() == nil {
		return nil
	}
	resource := attrs.GetResource()
	crd, err := (*lister).Get(resource.Resource + "." + resource.Group)
	if err != nil {
		return nil // not a custom resource
	}
	allowed, ok := crd.Annotations[AllowedFinalizersAnnotation]
	if !ok {
		return nil
	}
	rules := metarules.Rules{CustomResource: true, Group: resource.Group, OwnedFinalizers: splitList(allowed)}
	obj, err := meta.Accessor(attrs.GetObject())
	if err != nil {
		return nil
	}
	var old []string
	if attrs.GetOldObject() != nil {
		if oldObj, err := meta.Accessor(attrs.GetOldObject()); err == nil {
			old = oldObj.GetFinalizers()
		}
	}
	errs := rules.OwnedFinalizerErrors(obj.GetFinalizers(), old, field.NewPath("metadata", "finalizers"))
	if len(errs) == 0 {
		return nil
	}
	return apierrors.NewInvalid(attrs.GetKind().GroupKind(), attrs.GetName(), errs)
}

func splitList(list string) []string {
	var items []string
	for item := range strings.SplitSeq(list, ",") {
		if item = strings.TrimSpace(item); item != "" {
			items = append(items, item)
		}
	}
	return items
}

// Chain is the server's admission: NamespaceLifecycle (unless nil)
// and the allowed finalizers.
func Chain(lifecycle admission.Interface, finalizers *AllowedFinalizers) admission.Interface {
	if lifecycle == nil {
		return admission.NewChainHandler(finalizers)
	}
	return admission.NewChainHandler(lifecycle, finalizers)
}
