package meta

import (
	"context"
	"strings"
	"testing"
	"time"

	"k8s.io/apimachinery/pkg/api/operation"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/util/validation/field"
	"k8s.io/utils/ptr"
)

// The cases of ../../shared/spec/conventions.md §5.1–5.3 that concern
// metadata validation, with the exact causes the real server returns.

var (
	builtin        = Rules{Namespaced: true}
	customResource = Rules{Namespaced: true, CustomResource: true}
	metadataPath   = field.NewPath("metadata")
)

// valid is the baseline P0's metadata: namespace t1, a name, nothing else.
func valid() *metav1.ObjectMeta {
	return &metav1.ObjectMeta{Name: "a1", Namespace: "t1"}
}

// stored is valid() as the server keeps it, for updates.
func stored() *metav1.ObjectMeta {
	obj := valid()
	obj.UID = "uid-1"
	obj.ResourceVersion = "5"
	obj.CreationTimestamp = metav1.NewTime(time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC))
	return obj
}

const subdomainMessage = `a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, '-' or '.', and must start and end with an alphanumeric character (e.g. 'example.com', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?(\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*')`

const labelNameMessage = `name part must consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyName',  or 'my.name',  or '123-abc', regex used for validation is '([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]')`

func render(errs field.ErrorList) []string {
	var out []string
	for _, err := range errs {
		out = append(out, err.Type.String()+" · "+err.Error())
	}
	return out
}

func expectCauses(t *testing.T, got field.ErrorList, want ...string) {
	t.Helper()
	rendered := render(got)
	if strings.Join(rendered, "\n") != strings.Join(want, "\n") {
		t.Errorf("causes:\n  %s\nwant:\n  %s", strings.Join(rendered, "\n  "), strings.Join(want, "\n  "))
	}
}

func create(r Rules, edit func(*metav1.ObjectMeta)) field.ErrorList {
	obj := valid()
	edit(obj)
	return r.ValidateCreate(context.Background(), metadataPath, obj)
}

func TestCreateCases(t *testing.T) {
	for _, tc := range []struct {
		id    string
		rules Rules
		edit  func(*metav1.ObjectMeta)
		want  []string
	}{
		{"C1", builtin, func(m *metav1.ObjectMeta) { m.Name = "" },
			[]string{"Required value · metadata.name: Required value: name or generateName is required"}},
		{"C2", builtin, func(m *metav1.ObjectMeta) { m.Name = "Upper_Case" },
			[]string{`Invalid value · metadata.name: Invalid value: "Upper_Case": ` + subdomainMessage}},
		{"C3", builtin, func(m *metav1.ObjectMeta) { m.Name = strings.Repeat("a", 254) },
			[]string{`Invalid value · metadata.name: Invalid value: "` + strings.Repeat("a", 254) + `": must be no more than 253 characters`}},
		{"C4", builtin, func(m *metav1.ObjectMeta) { m.Name = "a.b" }, nil},
		{"C9 prefix masked", builtin, func(m *metav1.ObjectMeta) { m.GenerateName, m.Name = "ab.-", "ab.-xxxxx" },
			[]string{`Invalid value · metadata.name: Invalid value: "ab.-xxxxx": ` + subdomainMessage}},
		{"C10", builtin, func(m *metav1.ObjectMeta) { m.Name, m.GenerateName = "explicit", "Bad_" },
			[]string{`Invalid value · metadata.generateName: Invalid value: "Bad_": ` + subdomainMessage}},
		{"C19", builtin, func(m *metav1.ObjectMeta) { m.Generation = -1 },
			[]string{"Invalid value · metadata.generation: Invalid value: -1: must be greater than or equal to 0"}},
		{"C21", builtin, func(m *metav1.ObjectMeta) { m.Labels = map[string]string{"-bad": "v"} },
			[]string{`Invalid value · metadata.labels: Invalid value: "-bad": ` + labelNameMessage}},
		{"C23", builtin, func(m *metav1.ObjectMeta) { m.Labels = map[string]string{"k": strings.Repeat("a", 64)} },
			[]string{`Invalid value · metadata.labels: Invalid value: "` + strings.Repeat("a", 64) + `": must be no more than 63 bytes`}},
		{"C26", builtin, func(m *metav1.ObjectMeta) { m.Annotations = map[string]string{"Example.COM/Key": "v"} }, nil},
		{"C27", builtin, func(m *metav1.ObjectMeta) { m.Annotations = map[string]string{"bad key": "v"} },
			[]string{`Invalid value · metadata.annotations: Invalid value: "bad key": ` + labelNameMessage}},
		{"C28", builtin, func(m *metav1.ObjectMeta) { m.Annotations = map[string]string{"k": strings.Repeat("x", 262143)} }, nil},
		{"C29", builtin, func(m *metav1.ObjectMeta) { m.Annotations = map[string]string{"k": strings.Repeat("x", 262144)} },
			[]string{"Too long · metadata.annotations: Too long: may not be more than 262144 bytes"}},
		{"C30", builtin, func(m *metav1.ObjectMeta) { m.Finalizers = []string{"foo"} },
			[]string{`Invalid value · metadata.finalizers[0]: Invalid value: "foo": name is neither a standard finalizer name nor is it fully qualified`}},
		{"C31", builtin, func(m *metav1.ObjectMeta) { m.Finalizers = []string{"example.com"} },
			[]string{`Invalid value · metadata.finalizers[0]: Invalid value: "example.com": name is neither a standard finalizer name nor is it fully qualified`}},
		{"C32", builtin, func(m *metav1.ObjectMeta) {
			m.Finalizers = []string{"kubernetes", "orphan", "example.com/x", "example.com/x"}
		}, nil},
		{"C33", builtin, func(m *metav1.ObjectMeta) { m.Finalizers = []string{"orphan", "foregroundDeletion"} },
			[]string{`Invalid value · metadata.finalizers: Invalid value: ["orphan","foregroundDeletion"]: finalizer orphan and foregroundDeletion cannot be both set`}},
		{"C34", builtin, func(m *metav1.ObjectMeta) { m.Finalizers = []string{"ok.com/x", "example.com/-x"} },
			[]string{`Invalid value · metadata.finalizers: Invalid value: "example.com/-x": ` + labelNameMessage}},
		{"C35", builtin, func(m *metav1.ObjectMeta) { m.OwnerReferences = []metav1.OwnerReference{{}} },
			[]string{
				"Required value · metadata.ownerReferences[0].apiVersion: Required value: must not be empty",
				"Required value · metadata.ownerReferences[0].kind: Required value: must not be empty",
				"Required value · metadata.ownerReferences[0].name: Required value: must not be empty",
				"Required value · metadata.ownerReferences[0].uid: Required value: must not be empty",
			}},
		{"C36", builtin, func(m *metav1.ObjectMeta) {
			m.OwnerReferences = []metav1.OwnerReference{{APIVersion: "a/b/c", Kind: "K", Name: "n", UID: "u"}}
		}, []string{`Invalid value · metadata.ownerReferences[0].apiVersion: Invalid value: "a/b/c": must be <group>/<version> or <version>`}},
		{"C37", builtin, func(m *metav1.ObjectMeta) {
			m.OwnerReferences = []metav1.OwnerReference{{APIVersion: "v1", Kind: "Event", Name: "n", UID: "u"}}
		}, []string{`Invalid value · metadata.ownerReferences[0]: Invalid value: {"apiVersion":"v1","kind":"Event","name":"n","uid":"u"}: /v1, Kind=Event is disallowed from being an owner`}},
		{"C38", builtin, func(m *metav1.ObjectMeta) {
			m.OwnerReferences = []metav1.OwnerReference{
				{APIVersion: "v1", Kind: "Pod", Name: "a", UID: "u1", Controller: ptr.To(true)},
				{APIVersion: "v1", Kind: "Pod", Name: "b", UID: "u2", Controller: ptr.To(true)},
			}
		}, []string{`Invalid value · metadata.ownerReferences: Invalid value: [{"apiVersion":"v1","kind":"Pod","name":"a","uid":"u1","controller":true},{"apiVersion":"v1","kind":"Pod","name":"b","uid":"u2","controller":true}]: Only one reference can have Controller set to true. Found "true" in references for Pod/a and Pod/b`}},
		{"C40", builtin, func(m *metav1.ObjectMeta) {
			m.OwnerReferences = []metav1.OwnerReference{{APIVersion: "v1", Kind: "Pod", Name: "a1", UID: "self"}}
		}, nil},
		{"C43 errors", customResource, func(m *metav1.ObjectMeta) { m.Finalizers = []string{"foo", "foo.bar", "example.com/ok"} }, nil},
		{"C44", customResource, func(m *metav1.ObjectMeta) { m.Name = "Upper" },
			[]string{`Invalid value · metadata.name: Invalid value: "Upper": ` + subdomainMessage}},
		{"namespace required", builtin, func(m *metav1.ObjectMeta) { m.Namespace = "" },
			[]string{"Required value · metadata.namespace: Required value"}},
		{"namespace forbidden", Rules{}, func(m *metav1.ObjectMeta) {},
			[]string{"Forbidden · metadata.namespace: Forbidden: not allowed on this type"}},
		{"namespace a label", builtin, func(m *metav1.ObjectMeta) { m.Namespace = "a.b" },
			[]string{`Invalid value · metadata.namespace: Invalid value: "a.b": must not contain dots`}},
	} {
		t.Run(tc.id, func(t *testing.T) { expectCauses(t, create(tc.rules, tc.edit), tc.want...) })
	}
}

func update(r Rules, old *metav1.ObjectMeta, edit func(*metav1.ObjectMeta)) field.ErrorList {
	obj := old.DeepCopy()
	edit(obj)
	PrepareForUpdate(obj, old)
	return r.ValidateUpdate(context.Background(), metadataPath, obj, old)
}

func terminating(finalizers ...string) *metav1.ObjectMeta {
	obj := stored()
	obj.DeletionTimestamp = ptr.To(metav1.NewTime(time.Date(2026, 2, 3, 4, 5, 6, 0, time.UTC)))
	obj.DeletionGracePeriodSeconds = ptr.To[int64](0)
	obj.Finalizers = finalizers
	return obj
}

func TestUpdateCases(t *testing.T) {
	labelCause := `Invalid value · metadata.labels: Invalid value: "-bad": ` + labelNameMessage
	for _, tc := range []struct {
		id    string
		rules Rules
		old   *metav1.ObjectMeta
		edit  func(*metav1.ObjectMeta)
		want  []string
	}{
		{"U3", builtin, stored(), func(m *metav1.ObjectMeta) { m.ResourceVersion = "" },
			[]string{`Invalid value · metadata.resourceVersion: Invalid value: "": must be specified for an update`}},
		{"U5", builtin, stored(), func(m *metav1.ObjectMeta) { m.CreationTimestamp = metav1.Now() }, nil},
		{"U6", builtin, stored(), func(m *metav1.ObjectMeta) {
			m.DeletionTimestamp = ptr.To(metav1.NewTime(time.Date(2026, 3, 4, 5, 6, 7, 0, time.UTC)))
		}, []string{`Invalid value · metadata.deletionTimestamp: Invalid value: "2026-03-04T05:06:07Z": field is immutable`}},
		{"U7", builtin, stored(), func(m *metav1.ObjectMeta) { m.DeletionGracePeriodSeconds = ptr.To[int64](5) },
			[]string{"Invalid value · metadata.deletionGracePeriodSeconds: Invalid value: 5: field is immutable"}},
		{"U8", builtin, stored(), func(m *metav1.ObjectMeta) { m.Generation = -3 }, nil},
		{"U9", builtin, stored(), func(m *metav1.ObjectMeta) { m.Labels = map[string]string{"-bad": "v"} },
			[]string{labelCause}},
		{"U15", builtin, stored(), func(m *metav1.ObjectMeta) { m.Finalizers = []string{"foo"} },
			[]string{`Invalid value · metadata.finalizers[0]: Invalid value: "foo": name is neither a standard finalizer name nor is it fully qualified`}},
		{"U16", customResource, stored(), func(m *metav1.ObjectMeta) { m.Labels = map[string]string{"-bad": "v"} },
			[]string{labelCause, labelCause, labelCause}},
		{"generateName on update", builtin, stored(), func(m *metav1.ObjectMeta) { m.GenerateName = "a/b" },
			[]string{`Invalid value · metadata.generateName: Invalid value: "a/b": may not contain '/'`}},
		// ConfigMaps: ValidateConfigMapUpdate runs ValidateConfigMap too.
		{"generateName on a revalidating update", Rules{Namespaced: true, UpdateRevalidates: true}, stored(), func(m *metav1.ObjectMeta) { m.GenerateName = "a/b" },
			[]string{
				`Invalid value · metadata.generateName: Invalid value: "a/b": may not contain '/'`,
				`Invalid value · metadata.generateName: Invalid value: "a/b": ` + subdomainMessage,
			}},
		{"revalidating custom resource", Rules{Namespaced: true, CustomResource: true, UpdateRevalidates: true}, stored(), func(m *metav1.ObjectMeta) { m.GenerateName = "Gen-" }, nil},
		{"registry name change", builtin, stored(), func(m *metav1.ObjectMeta) { m.Name = "other" },
			[]string{`Invalid value · metadata.name: Invalid value: "other": field is immutable`}},
		{"D8", builtin, terminating("example.com/x"), func(m *metav1.ObjectMeta) { m.Finalizers = append(m.Finalizers, "example.com/new") },
			[]string{`Forbidden · metadata.finalizers: Forbidden: no new finalizers can be added if the object is being deleted, found new finalizers []string{"example.com/new"}`}},
		{"D9", builtin, terminating("example.com/a", "example.com/b"), func(m *metav1.ObjectMeta) {
			m.Finalizers = []string{"example.com/b", "example.com/a", "example.com/a"}
		}, nil},
		{"D10", builtin, terminating("example.com/x"), func(m *metav1.ObjectMeta) { m.DeletionTimestamp = nil }, nil},
		{"D11", builtin, terminating("example.com/x"), func(m *metav1.ObjectMeta) {
			m.DeletionTimestamp = ptr.To(metav1.NewTime(m.DeletionTimestamp.Add(time.Hour)))
		}, nil},
		{"D12", builtin, terminating("example.com/x"), func(m *metav1.ObjectMeta) { m.DeletionGracePeriodSeconds = ptr.To[int64](10) },
			[]string{"Invalid value · metadata.deletionGracePeriodSeconds: Invalid value: 10: field is immutable"}},
		{"D13", builtin, terminating("example.com/x"), func(m *metav1.ObjectMeta) { m.Labels = map[string]string{"a": "b"} }, nil},
		{"D14", builtin, terminating("example.com/x"), func(m *metav1.ObjectMeta) { m.Finalizers = nil }, nil},
		{"D8 custom resource", customResource, terminating("example.com/x"), func(m *metav1.ObjectMeta) { m.Finalizers = []string{"example.com/new"} },
			[]string{
				`Forbidden · metadata.finalizers: Forbidden: no new finalizers can be added if the object is being deleted, found new finalizers []string{"example.com/new"}`,
				`Forbidden · metadata.finalizers: Forbidden: no new finalizers can be added if the object is being deleted, found new finalizers []string{"example.com/new"}`,
			}},
	} {
		t.Run(tc.id, func(t *testing.T) { expectCauses(t, update(tc.rules, tc.old, tc.edit), tc.want...) })
	}
}

func TestCustomResourceFinalizerWarnings(t *testing.T) {
	obj := valid()
	obj.Finalizers = []string{"foo", "foo.bar", "example.com/ok"}
	var warnings Warnings
	ctx := WithWarningRecorder(context.Background(), &warnings)
	customResource.RecordWarnings(ctx, operation.Operation{Type: operation.Create}, obj, nil)
	want := []string{
		`metadata.finalizers: "foo": prefer a domain-qualified finalizer name to avoid accidental conflicts with other finalizer writers`,
		`metadata.finalizers: "foo.bar": prefer a domain-qualified finalizer name including a path (/) to avoid accidental conflicts with other finalizer writers`,
	}
	if strings.Join(warnings, "\n") != strings.Join(want, "\n") {
		t.Errorf("warnings:\n%s\nwant:\n%s", strings.Join(warnings, "\n"), strings.Join(want, "\n"))
	}
	if got := builtin.Warnings(obj, nil); got != nil {
		t.Errorf("built-in types warn about nothing, got %q", got)
	}
	old := obj.DeepCopy()
	obj.Finalizers = append(obj.Finalizers, "bar")
	if got := customResource.Warnings(obj, old); len(got) != 1 || !strings.Contains(got[0], `"bar"`) {
		t.Errorf("on update only added finalizers warn, got %q", got)
	}
}

func TestOwnedFinalizers(t *testing.T) {
	rules := Rules{Namespaced: true, Group: "widgets.example.com", OwnedFinalizers: []string{"widgets.example.com/cleanup"}}
	errs := create(rules, func(m *metav1.ObjectMeta) {
		m.Finalizers = []string{"widgets.example.com/cleanup", "eu.widgets.example.com/drain", "example.com/other"}
	})
	expectCauses(t, errs, `Unsupported value · metadata.finalizers[1]: Unsupported value: "eu.widgets.example.com/drain": supported values: "widgets.example.com/cleanup"`)

	old := stored()
	old.Finalizers = []string{"widgets.example.com/legacy"}
	errs = update(rules, old, func(m *metav1.ObjectMeta) { m.Finalizers = append(m.Finalizers, "widgets.example.com/new") })
	expectCauses(t, errs, `Unsupported value · metadata.finalizers[1]: Unsupported value: "widgets.example.com/new": supported values: "widgets.example.com/cleanup"`)
}

func TestNameFormats(t *testing.T) {
	for _, tc := range []struct {
		format NameFormat
		name   string
		want   string
	}{
		{DNSLabel, "a.b", `Invalid value · metadata.name: Invalid value: "a.b": must not contain dots`},
		{DNSLabel, strings.Repeat("a", 63), ""},
		{DNS1035Label, "1abc", `Invalid value · metadata.name: Invalid value: "1abc": a DNS-1035 label must consist of lower case alphanumeric characters or '-', start with an alphabetic character, and end with an alphanumeric character (e.g. 'my-name',  or 'abc-123', regex used for validation is '[a-z]([-a-z0-9]*[a-z0-9])?')`},
		{PathSegment, "..", `Invalid value · metadata.name: Invalid value: "..": may not be '..'`},
		{PathSegment, "a/b", `Invalid value · metadata.name: Invalid value: "a/b": may not contain '/'`},
		{PathSegment, "Any Thing:", ""},
	} {
		rules := Rules{Namespaced: true, NameFormat: tc.format}
		errs := create(rules, func(m *metav1.ObjectMeta) { m.Name = tc.name })
		if tc.want == "" {
			expectCauses(t, errs)
		} else {
			expectCauses(t, errs, tc.want)
		}
	}
}

func TestPrepareForUpdateRestoresWhatUpdatesCannotChange(t *testing.T) {
	old := terminating("example.com/x")
	old.Generation = 4
	obj := old.DeepCopy()
	obj.Generation, obj.UID = 9, ""
	obj.CreationTimestamp = metav1.Now()
	obj.DeletionTimestamp, obj.DeletionGracePeriodSeconds = nil, nil
	PrepareForUpdate(obj, old)
	if obj.Generation != 4 || obj.UID != old.UID || !obj.CreationTimestamp.Equal(&old.CreationTimestamp) ||
		obj.DeletionTimestamp != old.DeletionTimestamp || obj.DeletionGracePeriodSeconds != old.DeletionGracePeriodSeconds {
		t.Errorf("not restored: %+v", obj)
	}
	WipeSystemFields(obj)
	if obj.UID != "" || !obj.CreationTimestamp.IsZero() || obj.DeletionTimestamp != nil || obj.DeletionGracePeriodSeconds != nil {
		t.Errorf("not wiped: %+v", obj)
	}
}

func TestUpdateWithoutOldObjectIsAnInternalError(t *testing.T) {
	errs := builtin.Validate(context.Background(), operation.Operation{Type: operation.Update}, metadataPath, valid(), nil)
	expectCauses(t, errs, "Internal error · metadata: Internal error: update without the old object")
}
