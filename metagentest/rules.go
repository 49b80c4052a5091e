package metagentest

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"testing"

	apierrors "k8s.io/apimachinery/pkg/api/errors"
	"k8s.io/apimachinery/pkg/api/meta"
	"k8s.io/apimachinery/pkg/api/validate"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/apis/meta/v1/unstructured"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/runtime/schema"
	"k8s.io/apimachinery/pkg/runtime/serializer"
	"k8s.io/apimachinery/pkg/util/validation/field"
	"k8s.io/client-go/dynamic"
	"k8s.io/client-go/rest"

	"github.com/metagen-dev/metagen/schema/resources"
)

// RuleCase is one row of a table test of a type's validation rules (CEL
// rules from +kubebuilder:validation:XValidation and the other validation
// markers alike): a write and the errors kube-apiserver answers it with.
type RuleCase struct {
	// Name names the case (a subtest).
	Name string
	// Object is the object written, as a Go value of a type in the scheme,
	// or YAML (or JSON) with apiVersion and kind.
	Object runtime.Object
	YAML   string
	// Old, or OldYAML, is the stored object: the case is an update of it
	// (with oldSelf, transition rules and ratcheting); without one it is a
	// create.
	Old     runtime.Object
	OldYAML string
	// Subresource is "" or "status" (an update of /status).
	Subresource string
	// Want are the errors, each as field.Error's Error() prints it
	// ("spec.x: Invalid value: …: message", the lines of kubectl's 422
	// message), in order; none: the write is valid.
	Want []string
}

// Rules runs each case through the validation registered in scheme
// (generated validation's RegisterValidations, which AddToScheme calls) as
// the server runs it for that write, and fails each case whose errors
// differ from Want:
//
//	metagentest.Rules(t, scheme, []metagentest.RuleCase{
//		{Name: "valid", Object: route("a", 80)},
//		{Name: "port out of range", YAML: routeYAML, Want: []string{`spec.port: Invalid value: "integer": port must be below 65536`}},
//		{Name: "immutable", Old: route("a", 80), Object: route("b", 80), Want: []string{`spec.host: Invalid value: "string": host is immutable`}},
//	})
//
// The errors are those metagen's in-process server (server.Options.Scheme)
// and the generated fake clientset answer with a 422; RulesOnServer runs the
// same table against any API server, kube-apiserver with the generated CRDs
// included.
func Rules(t *testing.T, scheme *runtime.Scheme, cases []RuleCase) {
	t.Helper()
	for _, c := range cases {
		t.Run(c.Name, func(t *testing.T) {
			t.Helper()
			errs, err := Validate(scheme, c)
			if err != nil {
				t.Fatal(err)
			}
			if diff := diffErrors(ErrorStrings(errs), c.Want); diff != "" {
				t.Error(diff)
			}
		})
	}
}

// Validate returns the errors the server's validation gives for the write
// of c: the scheme's validation of the object as the registry prepares it
// (the status of a create dropped and, on an update, the stored status kept,
// or for /status everything but the status taken from the stored object,
// where the kind has a status subresource; namespace "default" for a
// namespaced object without one; the stored uid, creationTimestamp and
// resourceVersion kept), the enforced errors only.
func Validate(scheme *runtime.Scheme, c RuleCase) (field.ErrorList, error) {
	obj, old, err := c.objects(scheme)
	if err != nil {
		return nil, err
	}
	gvk, names, err := kindOf(scheme, obj)
	if err != nil {
		return nil, err
	}
	if !names.ClusterScoped {
		for _, o := range []runtime.Object{obj, old} {
			if accessor, err := meta.Accessor(o); err == nil && o != nil && accessor.GetNamespace() == "" {
				accessor.SetNamespace(metav1.NamespaceDefault)
			}
		}
	}
	if obj, err = prepare(scheme, gvk, names.StatusSubresource, obj, old, c.Subresource); err != nil {
		return nil, err
	}
	var subresources []string
	if c.Subresource != "" {
		subresources = []string{c.Subresource}
	}
	ctx := context.Background()
	var errs field.ErrorList
	if old == nil {
		errs = scheme.Validate(ctx, nil, obj, subresources...)
	} else {
		errs = scheme.ValidateUpdate(ctx, nil, obj, old, subresources...)
	}
	// kube-apiserver 1.37 enforces beta declarative validation by default.
	return validate.FilterEnforcedDeclarativeErrors(ctx, errs, true), nil
}

// ErrorStrings is each error's Error(), as Want holds them.
func ErrorStrings(errs field.ErrorList) []string {
	out := []string{}
	for _, e := range errs {
		out = append(out, e.Error())
	}
	return out
}

// objects decodes the case's objects (copies).
func (c RuleCase) objects(scheme *runtime.Scheme) (obj, old runtime.Object, err error) {
	decode := func(o runtime.Object, text, what string) (runtime.Object, error) {
		switch {
		case o != nil && text != "":
			return nil, fmt.Errorf("case %q: both a Go %s and its YAML", c.Name, what)
		case o != nil:
			return o.DeepCopyObject(), nil
		case text != "":
			decoded, _, err := serializer.NewCodecFactory(scheme).UniversalDeserializer().Decode([]byte(text), nil, nil)
			if err != nil {
				return nil, fmt.Errorf("case %q: %s: %w", c.Name, what, err)
			}
			return decoded, nil
		}
		return nil, nil
	}
	if obj, err = decode(c.Object, c.YAML, "object"); err != nil {
		return nil, nil, err
	}
	if obj == nil {
		return nil, nil, fmt.Errorf("case %q: no object", c.Name)
	}
	old, err = decode(c.Old, c.OldYAML, "old object")
	if c.Subresource != "" && old == nil && err == nil {
		err = fmt.Errorf("case %q: a write of /%s needs the stored object (Old)", c.Name, c.Subresource)
	}
	return obj, old, err
}

// kindOf returns the kind of obj and how the scheme says it is served.
func kindOf(scheme *runtime.Scheme, obj runtime.Object) (schema.GroupVersionKind, resources.Names, error) {
	kinds, _, err := scheme.ObjectKinds(obj)
	if err != nil {
		return schema.GroupVersionKind{}, resources.Names{}, err
	}
	gvk := kinds[0]
	names, ok := resources.For(scheme)[gvk]
	if !ok {
		plural, singular := meta.UnsafeGuessKindToResource(gvk)
		names = resources.Names{Plural: plural.Resource, Singular: singular.Resource}
	}
	return gvk, names, nil
}

// prepare does to obj what the registry does before validation: status
// dropped on create, kept from old on update, everything else from old on a
// /status update (when the kind has a status subresource); system fields
// kept from old.
func prepare(scheme *runtime.Scheme, gvk schema.GroupVersionKind, hasStatus bool, obj, old runtime.Object, subresource string) (runtime.Object, error) {
	u, err := runtime.DefaultUnstructuredConverter.ToUnstructured(obj)
	if err != nil {
		return nil, err
	}
	var oldU map[string]any
	if old != nil {
		if oldU, err = runtime.DefaultUnstructuredConverter.ToUnstructured(old); err != nil {
			return nil, err
		}
	}
	switch {
	case hasStatus && old == nil:
		delete(u, "status")
	case hasStatus && subresource == "":
		u["status"] = oldU["status"]
		if u["status"] == nil {
			delete(u, "status")
		}
	case subresource == "status":
		status := u["status"]
		managedFields, _, _ := unstructured.NestedFieldCopy(u, "metadata", "managedFields")
		u = runtime.DeepCopyJSON(oldU)
		u["status"] = status
		if managedFields != nil {
			_ = unstructured.SetNestedField(u, managedFields, "metadata", "managedFields")
		}
	}
	prepared, err := scheme.New(gvk)
	if err != nil {
		return nil, err
	}
	if err := runtime.DefaultUnstructuredConverter.FromUnstructured(u, prepared); err != nil {
		return nil, err
	}
	if old != nil {
		accessor, err := meta.Accessor(prepared)
		if err != nil {
			return nil, err
		}
		oldAccessor, err := meta.Accessor(old)
		if err != nil {
			return nil, err
		}
		if accessor.GetUID() == "" {
			accessor.SetUID(oldAccessor.GetUID())
		}
		if ts := oldAccessor.GetCreationTimestamp(); !ts.IsZero() {
			accessor.SetCreationTimestamp(ts)
		}
		if accessor.GetResourceVersion() == "" {
			rv := oldAccessor.GetResourceVersion()
			if rv == "" {
				rv = "1" // the server's update carries the stored one
			}
			accessor.SetResourceVersion(rv)
		}
	}
	return prepared, nil
}

// RulesOnServer runs each case on the API server of cfg in namespace (for
// namespaced kinds): an update case creates the stored object first (and
// writes its status through /status), sends the write with dryRun=All, and
// deletes the stored object again (a stored object that exists already, one
// the test seeded, for example before the rules existed to test ratcheting,
// is used as it is and kept); it fails each case whose 422 causes
// (field: message, in order) differ from Want. The kinds must be served
// (the in-process server with the scheme, or kube-apiserver with the CRDs
// metagen writes).
func RulesOnServer(t *testing.T, cfg *rest.Config, scheme *runtime.Scheme, namespace string, cases []RuleCase) {
	t.Helper()
	client, err := dynamic.NewForConfig(cfg)
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range cases {
		t.Run(c.Name, func(t *testing.T) {
			t.Helper()
			got, err := ServerErrors(context.Background(), client, scheme, namespace, c)
			if err != nil {
				t.Fatal(err)
			}
			if diff := diffErrors(got, c.Want); diff != "" {
				t.Error(diff)
			}
		})
	}
}

// ServerErrors sends the write of c to the server as RulesOnServer does and
// returns the errors of its answer as Want holds them: none when it accepts
// the write, each cause of a 422 as "field: message", and the error itself
// for any other failure. An error is returned when the case cannot be set up
// (the stored object of an update is refused: its own errors, prefixed).
func ServerErrors(ctx context.Context, client dynamic.Interface, scheme *runtime.Scheme, namespace string, c RuleCase) ([]string, error) {
	obj, old, err := c.objects(scheme)
	if err != nil {
		return nil, err
	}
	gvk, names, err := kindOf(scheme, obj)
	if err != nil {
		return nil, err
	}
	resource := client.Resource(gvk.GroupVersion().WithResource(names.Plural))
	var r dynamic.ResourceInterface = resource
	if !names.ClusterScoped {
		r = resource.Namespace(namespace)
	}
	toUnstructured := func(o runtime.Object) (*unstructured.Unstructured, error) {
		m, err := runtime.DefaultUnstructuredConverter.ToUnstructured(o)
		if err != nil {
			return nil, err
		}
		u := &unstructured.Unstructured{Object: m}
		u.SetGroupVersionKind(gvk)
		if !names.ClusterScoped {
			u.SetNamespace(namespace)
		}
		return u, nil
	}
	u, err := toUnstructured(obj)
	if err != nil {
		return nil, err
	}
	dryRun := []string{metav1.DryRunAll}
	if old == nil {
		_, err = r.Create(ctx, u, metav1.CreateOptions{DryRun: dryRun})
		return ErrorsOf(err), nil
	}
	oldU, err := toUnstructured(old)
	if err != nil {
		return nil, err
	}
	// A stored object the test seeded is used as it is (the server would
	// refuse a create of it before it saw the name taken).
	stored, err := r.Get(ctx, oldU.GetName(), metav1.GetOptions{})
	seeded := err == nil
	if apierrors.IsNotFound(err) {
		stored, err = r.Create(ctx, oldU, metav1.CreateOptions{})
	}
	if err != nil {
		return nil, fmt.Errorf("case %q: the stored object is refused: %s", c.Name, strings.Join(ErrorsOf(err), "; "))
	}
	if !seeded {
		defer func() { _ = r.Delete(context.Background(), stored.GetName(), metav1.DeleteOptions{}) }()
	}
	if status, ok := oldU.Object["status"]; ok && names.StatusSubresource && !seeded {
		stored.Object["status"] = status
		if stored, err = r.UpdateStatus(ctx, stored, metav1.UpdateOptions{}); err != nil {
			return nil, fmt.Errorf("case %q: the stored object's status is refused: %s", c.Name, strings.Join(ErrorsOf(err), "; "))
		}
	}
	u.SetResourceVersion(stored.GetResourceVersion())
	u.SetUID(stored.GetUID())
	if c.Subresource == "status" {
		_, err = r.UpdateStatus(ctx, u, metav1.UpdateOptions{DryRun: dryRun})
	} else {
		_, err = r.Update(ctx, u, metav1.UpdateOptions{DryRun: dryRun})
	}
	return ErrorsOf(err), nil
}

// ErrorsOf is an API answer's errors as Want holds them: none for nil, each
// cause of a 422 as "field: message", else the error itself.
func ErrorsOf(err error) []string {
	out := []string{}
	if err == nil {
		return out
	}
	var status apierrors.APIStatus
	if s, ok := err.(apierrors.APIStatus); ok {
		status = s
	}
	if status == nil || status.Status().Code != 422 || status.Status().Details == nil {
		return append(out, err.Error())
	}
	for _, cause := range status.Status().Details.Causes {
		out = append(out, cause.Field+": "+cause.Message)
	}
	return out
}

// diffErrors describes how got differs from want, or is "".
func diffErrors(got, want []string) string {
	if want == nil {
		want = []string{}
	}
	if slices.Equal(got, want) {
		return ""
	}
	var b strings.Builder
	b.WriteString("errors differ (-got +want):\n")
	for _, g := range got {
		if !slices.Contains(want, g) {
			fmt.Fprintf(&b, "- %s\n", g)
		}
	}
	for _, w := range want {
		if !slices.Contains(got, w) {
			fmt.Fprintf(&b, "+ %s\n", w)
		}
	}
	fmt.Fprintf(&b, "got:  %q\nwant: %q", got, want)
	return b.String()
}
