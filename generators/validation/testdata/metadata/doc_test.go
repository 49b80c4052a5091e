package metadata

import (
	"fmt"
	"testing"

	"k8s.io/apimachinery/pkg/api/operation"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/util/validation/field"

	"github.com/metagen-dev/metagen/generators/validation/testdata/expect"
	"github.com/metagen-dev/metagen/internal/metacorpus"
	"github.com/metagen-dev/metagen/schema/meta"
)

func TestNamespaced(t *testing.T) {
	obj := &Namespaced{ObjectMeta: metav1.ObjectMeta{Name: "a", Finalizers: []string{"things.example.com/cleanup", "foo", "eu.things.example.com/x", "other.example.com/x"}}}
	expect.Errors(t, Validate_Namespaced(expect.Ctx, expect.Create, nil, obj, nil),
		`metadata.namespace: Required value`,
		`metadata.finalizers[1]: Invalid value: "foo": name is neither a standard finalizer name nor is it fully qualified`,
		`metadata.finalizers[2]: Unsupported value: "eu.things.example.com/x": supported values: "things.example.com/cleanup", "things.example.com/drain"`,
	)
}

func TestCluster(t *testing.T) {
	obj := &Cluster{ObjectMeta: metav1.ObjectMeta{Name: "a.b", Namespace: "ns"}}
	expect.Errors(t, Validate_Cluster(expect.Ctx, expect.Create, nil, obj, nil),
		`metadata.name: Invalid value: "a.b": must not contain dots`,
		`metadata.namespace: Forbidden: not allowed on this type`,
	)
}

func TestSegment(t *testing.T) {
	obj := &Segment{ObjectMeta: metav1.ObjectMeta{Name: "Any Name", Namespace: "ns"}}
	expect.Errors(t, Validate_Segment(expect.Ctx, expect.Create, nil, obj, nil))
	obj.Name = ".."
	expect.Errors(t, Validate_Segment(expect.Ctx, expect.Create, nil, obj, nil), `metadata.name: Invalid value: "..": may not be '..'`)
}

// Custom resources warn where built-in types fail, and repeat update causes
// as kube-apiserver does.
func TestCustomResource(t *testing.T) {
	obj := &Custom{ObjectMeta: metav1.ObjectMeta{Name: "a", Finalizers: []string{"foo", "foo.bar", "example.com/ok"}}}
	var warnings meta.Warnings
	ctx := meta.WithWarningRecorder(expect.Ctx, &warnings)
	expect.Errors(t, Validate_Custom(ctx, expect.Create, nil, obj, nil))
	want := []string{
		`metadata.finalizers: "foo": prefer a domain-qualified finalizer name to avoid accidental conflicts with other finalizer writers`,
		`metadata.finalizers: "foo.bar": prefer a domain-qualified finalizer name including a path (/) to avoid accidental conflicts with other finalizer writers`,
	}
	if len(warnings) != 2 || warnings[0] != want[0] || warnings[1] != want[1] {
		t.Errorf("warnings = %q, want %q", warnings, want)
	}

	old := &Custom{ObjectMeta: metav1.ObjectMeta{Name: "a", ResourceVersion: "1"}}
	updated := old.DeepCopyObject().(*Custom)
	updated.Labels = map[string]string{"-bad": "v"}
	label := `metadata.labels: Invalid value: "-bad": name part must consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyName',  or 'my.name',  or '123-abc', regex used for validation is '([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]')`
	expect.Errors(t, Validate_Custom(expect.Ctx, expect.Update, nil, updated, old), label, label, label)
}

func TestUpdateRules(t *testing.T) {
	deleted := metav1.Now()
	old := &Namespaced{ObjectMeta: metav1.ObjectMeta{Name: "a", Namespace: "ns", ResourceVersion: "1", DeletionTimestamp: &deleted, Finalizers: []string{"example.com/a"}}}
	obj := old.DeepCopyObject().(*Namespaced)
	obj.Finalizers = []string{"example.com/a", "example.com/b"}
	obj.Name = "b"
	expect.Errors(t, Validate_Namespaced(expect.Ctx, expect.Update, nil, obj, old),
		`metadata.finalizers: Forbidden: no new finalizers can be added if the object is being deleted, found new finalizers []string{"example.com/b"}`,
		`metadata.name: Invalid value: "b": field is immutable`,
	)
}

func TestRegisteredWithTheScheme(t *testing.T) {
	scheme := runtime.NewScheme()
	if err := localSchemeBuilder.AddToScheme(scheme); err != nil {
		t.Fatal(err)
	}
	for _, obj := range []runtime.Object{&Namespaced{}, &Cluster{}, &Custom{}, &Segment{}} {
		if !scheme.HasValidationFunc(obj) {
			t.Errorf("%T is not registered", obj)
		}
	}
	expect.Errors(t, scheme.Validate(expect.Ctx, nil, &Cluster{ObjectMeta: metav1.ObjectMeta{Name: "Bad"}}),
		`metadata.name: Invalid value: "Bad": a lowercase RFC 1123 label must consist of lower case alphanumeric characters or '-', and must start and end with an alphanumeric character (e.g. 'my-name',  or '123-abc', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?')`)
}

// The generated metadata validation agrees with kube-apiserver on every case
// of the differential corpus that fits one of this package's types.
func TestGeneratedAgreesWithTheServer(t *testing.T) {
	validate := map[string]func(obj, old *metav1.ObjectMeta) field.ErrorList{
		rulesKey(meta.Rules{Namespaced: true}): func(obj, old *metav1.ObjectMeta) field.ErrorList {
			return Validate_Namespaced(expect.Ctx, operationFor(old), nil, &Namespaced{ObjectMeta: *obj}, wrap(old, func(m metav1.ObjectMeta) *Namespaced { return &Namespaced{ObjectMeta: m} }))
		},
		rulesKey(meta.Rules{CustomResource: true}): func(obj, old *metav1.ObjectMeta) field.ErrorList {
			return Validate_Custom(expect.Ctx, operationFor(old), nil, &Custom{ObjectMeta: *obj}, wrap(old, func(m metav1.ObjectMeta) *Custom { return &Custom{ObjectMeta: m} }))
		},
		rulesKey(meta.Rules{Namespaced: true, NameFormat: meta.PathSegment}): func(obj, old *metav1.ObjectMeta) field.ErrorList {
			return Validate_Segment(expect.Ctx, operationFor(old), nil, &Segment{ObjectMeta: *obj}, wrap(old, func(m metav1.ObjectMeta) *Segment { return &Segment{ObjectMeta: m} }))
		},
	}
	cases, agree := 0, 0
	for _, c := range metacorpus.Corpus(400) {
		fn := validate[rulesKey(c.Rules)]
		if fn == nil {
			continue
		}
		cases++
		obj := c.Obj.DeepCopy()
		if c.Old != nil {
			meta.PrepareForUpdate(obj, c.Old)
		}
		got, want := fn(obj, c.Old), c.Server()
		if !metacorpus.SameCauses(got, want) {
			t.Errorf("%s: %s\n  generated: %q\n  server:    %q", c.Name, metacorpus.Describe(c), metacorpus.Render(got), metacorpus.Render(want))
			continue
		}
		agree++
	}
	t.Logf("generated corpus: cases=%d agree=%d", cases, agree)
	fmt.Printf("generated corpus: cases=%d agree=%d\n", cases, agree)
}

// rulesKey tells the corpus's kinds of type apart.
func rulesKey(r meta.Rules) string {
	return fmt.Sprintf("namespaced=%v format=%v custom=%v", r.Namespaced, r.NameFormat, r.CustomResource)
}

func operationFor(old *metav1.ObjectMeta) operation.Operation {
	if old == nil {
		return expect.Create
	}
	return expect.Update
}

func wrap[T any](old *metav1.ObjectMeta, make func(metav1.ObjectMeta) *T) *T {
	if old == nil {
		return nil
	}
	return make(*old)
}
