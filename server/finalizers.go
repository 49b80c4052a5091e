package server

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

// AllowedFinalizersAnnotation on a CustomResourceDefinition lists, comma
// separated, the finalizers of the CRD's group its controllers own, as
// +metagen:allowed-finalizers lists them on a Go type: the server then
// refuses, on its custom resources, any other finalizer in the group's
// domain, with the message the generated validation of the Go type gives,
// so both ways of serving a type (Options.Scheme, Options.CRDPaths) have
// the same rule. kube-apiserver knows no such rule and ignores the
// annotation.
const AllowedFinalizersAnnotation = "metagen.dev/allowed-finalizers"

// allowedFinalizers is the validating admission that enforces
// AllowedFinalizersAnnotation on custom resources.
type allowedFinalizers struct {
	*admission.Handler
	crds atomic.Pointer[apiextensionslisters.CustomResourceDefinitionLister]
}

func newAllowedFinalizers() *allowedFinalizers {
	return &allowedFinalizers{Handler: admission.NewHandler(admission.Create, admission.Update)}
}

// setLister gives the plugin the CRDs; until then it lets everything pass
// (no custom resource is served before the CRD informer runs).
func (a *allowedFinalizers) setLister(lister apiextensionslisters.CustomResourceDefinitionLister) {
	a.crds.Store(&lister)
}

// Validate implements admission.ValidationInterface.
func (a *allowedFinalizers) Validate(_ context.Context, attrs admission.Attributes, _ admission.ObjectInterfaces) error {
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

// admissionChain is the server's admission: NamespaceLifecycle (unless nil)
// and the allowed finalizers.
func admissionChain(lifecycle admission.Interface, finalizers *allowedFinalizers) admission.Interface {
	if lifecycle == nil {
		return admission.NewChainHandler(finalizers)
	}
	return admission.NewChainHandler(lifecycle, finalizers)
}
