// Package metacorpus is the corpus and the oracle of metagen's differential
// tests of metadata validation: kube-apiserver's metadata pipeline rebuilt
// from apimachinery's functions and the store-level rules of
// spec/conventions.md §1–2, and a corpus of handwritten and random requests
// that covers every rule and its boundaries. schema/meta's tests hold its
// Rules to the oracle; the golden cases of the validation generator and the
// example hold the generated code to it. Store.Through models what happens
// to a request before validation (field manager, store, strategy), for the
// e2e suite that holds Rules to a real kube-apiserver.
package metacorpus

import (
	"context"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"time"

	"k8s.io/apimachinery/pkg/api/validation"
	"k8s.io/apimachinery/pkg/api/validation/path"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/types"
	"k8s.io/apimachinery/pkg/util/validation/field"
	"k8s.io/utils/ptr"

	"github.com/metagen-dev/metagen/schema/meta"
)

// serverNameFuncs is the name check kube-apiserver uses for each format.
var serverNameFuncs = map[meta.NameFormat]validation.ValidateNameFunc{
	meta.DNSSubdomain: validation.NameIsDNSSubdomain,
	meta.DNSLabel:     validation.NameIsDNSLabel,
	meta.DNS1035Label: validation.NameIsDNS1035Label,
	meta.PathSegment:  path.ValidatePathSegmentName,
}

// serverKubeFinalizers is the core API's validateKubeFinalizerName.
func serverKubeFinalizers(finalizers []string, fldPath *field.Path) field.ErrorList {
	var errs field.ErrorList
	for i, name := range finalizers {
		if len(strings.Split(name, "/")) == 1 && name != "kubernetes" && name != "orphan" && name != "foregroundDeletion" {
			errs = append(errs, field.Invalid(fldPath.Index(i), name, "name is neither a standard finalizer name nor is it fully qualified"))
		}
	}
	return errs
}

// serverCreate is rest.BeforeCreate's validation (spec §1.1 step 3): the
// strategy's checks, and the generic path-segment checks only when those pass.
// Built-in strategies run declarative validation, which drops identical
// causes (ErrorList.Filter); custom resources validate metadata
// "declaratively" too.
func serverCreate(r meta.Rules, obj *metav1.ObjectMeta) field.ErrorList {
	p := field.NewPath("metadata")
	var strategy field.ErrorList
	if r.CustomResource {
		strategy = validation.ValidateObjectMeta(obj, r.Namespaced, validation.NameIsDNSSubdomain, p).Filter()
	} else {
		strategy = validation.ValidateObjectMeta(obj, r.Namespaced, serverNameFuncs[r.NameFormat], p)
		strategy = append(strategy, serverKubeFinalizers(obj.Finalizers, p.Child("finalizers"))...).Filter()
	}
	if len(strategy) > 0 {
		return strategy
	}
	return validation.ValidateObjectMetaAccessor(obj, r.Namespaced, path.ValidatePathSegmentName, p)
}

// serverBeforeUpdate is spec §2.1 step 5.
func serverBeforeUpdate(obj, old *metav1.ObjectMeta) {
	obj.Generation = old.Generation
	if obj.UID == "" {
		obj.UID = old.UID
	}
	if !old.CreationTimestamp.IsZero() {
		obj.CreationTimestamp = old.CreationTimestamp
	}
	if old.DeletionTimestamp != nil {
		obj.DeletionTimestamp = old.DeletionTimestamp
	}
	if old.DeletionGracePeriodSeconds != nil && obj.DeletionGracePeriodSeconds == nil {
		obj.DeletionGracePeriodSeconds = old.DeletionGracePeriodSeconds
	}
}

// serverUpdate is rest.ValidateUpdate after BeforeUpdate (spec §2.1 step 6):
// validateCommonFields, then the strategy.
func serverUpdate(r meta.Rules, obj, old *metav1.ObjectMeta) field.ErrorList {
	obj = obj.DeepCopy()
	serverBeforeUpdate(obj, old)
	p := field.NewPath("metadata")
	errs := validation.ValidateObjectMetaAccessor(obj, r.Namespaced, path.ValidatePathSegmentName, p)
	errs = append(errs, validation.ValidateObjectMetaAccessorUpdate(obj, old, p)...)
	if r.CustomResource {
		return append(errs, validation.ValidateObjectMetaUpdate(obj, old, p).Filter()...)
	}
	errs = append(errs, validation.ValidateObjectMetaUpdate(obj, old, p)...)
	errs = append(errs, serverKubeFinalizers(obj.Finalizers, p.Child("finalizers"))...)
	if r.UpdateRevalidates {
		// e.g. ValidateConfigMapUpdate, which calls ValidateConfigMap.
		errs = append(errs, validation.ValidateObjectMeta(obj, r.Namespaced, serverNameFuncs[r.NameFormat], p)...)
		errs = append(errs, serverKubeFinalizers(obj.Finalizers, p.Child("finalizers"))...)
	}
	return errs.Filter()
}

// Case is one request: a create when Old is nil.
type Case struct {
	Name     string
	Rules    meta.Rules
	Obj, Old *metav1.ObjectMeta
}

// Ours is what meta.Rules returns for the request, after PrepareForUpdate.
func (c Case) Ours() field.ErrorList {
	if c.Old == nil {
		return c.Rules.ValidateCreate(context.Background(), metadataPath, c.Obj)
	}
	obj := c.Obj.DeepCopy()
	meta.PrepareForUpdate(obj, c.Old)
	return c.Rules.ValidateUpdate(context.Background(), metadataPath, obj, c.Old)
}

// Server is what kube-apiserver returns for the request.
func (c Case) Server() field.ErrorList {
	if c.Old == nil {
		return serverCreate(c.Rules, c.Obj)
	}
	return serverUpdate(c.Rules, c.Obj, c.Old)
}

// SameCauses reports whether two lists hold the same causes, rendered the
// same, at the same paths in the same order. Within one path the order is
// free: apimachinery ranges over the labels and annotations maps, so the
// real server's order varies from run to run.
func SameCauses(a, b field.ErrorList) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i].Field != b[i].Field {
			return false
		}
	}
	ra, rb := Render(a), Render(b)
	slices.Sort(ra)
	slices.Sort(rb)
	return slices.Equal(ra, rb)
}

// Describe prints a case for a failure message.
func Describe(c Case) string {
	kind := "create"
	if c.Old != nil {
		kind = "update"
	}
	return fmt.Sprintf("%s %+v obj=%+v old=%+v", kind, c.Rules, c.Obj, c.Old)
}

// AllRules are the kinds of type the corpus covers.
var AllRules = []meta.Rules{
	{Namespaced: true}, {}, {Namespaced: true, CustomResource: true}, {CustomResource: true},
	{Namespaced: true, NameFormat: meta.DNSLabel},
	{Namespaced: true, NameFormat: meta.DNS1035Label},
	{Namespaced: true, NameFormat: meta.PathSegment},
}

var metadataPath = field.NewPath("metadata")

// Corpus is every case: the handwritten ones for each kind of type of
// AllRules, and n random ones.
func Corpus(random int) []Case { return append(Handwritten(AllRules...), randomCorpus(random)...) }

// Render shows each error as the server does, with its type.
func Render(errs field.ErrorList) []string {
	var out []string
	for _, err := range errs {
		out = append(out, err.Type.String()+" · "+err.Error())
	}
	return out
}

// Valid is the baseline P0's metadata: namespace t1, a name, nothing else.
func Valid() *metav1.ObjectMeta {
	return &metav1.ObjectMeta{Name: "a1", Namespace: "t1"}
}

// Stored is Valid() as the server keeps it, for updates.
func Stored() *metav1.ObjectMeta {
	obj := Valid()
	obj.UID = "uid-1"
	obj.ResourceVersion = "5"
	obj.CreationTimestamp = metav1.NewTime(time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC))
	return obj
}

// Handwritten returns the cases that cover every rule and its boundaries,
// for each of the kinds of type.
func Handwritten(kinds ...meta.Rules) []Case {
	var cases []Case
	for _, r := range kinds {
		for _, edit := range createEdits() {
			obj := Valid()
			if !r.Namespaced {
				obj.Namespace = ""
			}
			edit.apply(obj)
			cases = append(cases, Case{Name: "create/" + edit.name, Rules: r, Obj: obj})
		}
		for _, edit := range updateEdits() {
			old := Stored()
			if !r.Namespaced {
				old.Namespace = ""
			}
			if edit.old != nil {
				edit.old(old)
			}
			obj := old.DeepCopy()
			edit.apply(obj)
			cases = append(cases, Case{Name: "update/" + edit.name, Rules: r, Obj: obj, Old: old})
		}
	}
	return cases
}

type edit struct {
	name  string
	apply func(*metav1.ObjectMeta)
	old   func(*metav1.ObjectMeta)
}

func createEdits() []edit {
	rep := strings.Repeat
	names := map[string]string{
		"empty": "", "dot": ".", "dotdot": "..", "slash": "a/b", "percent": "a%b", "upper": "Upper_Case",
		"253": rep("a", 253), "254": rep("a", 254), "63": rep("a", 63), "64": rep("a", 64),
		"dots": "a.b.c", "digit first": "1abc", "dash end": "abc-", "space": "a b", "unicode": "ünï",
	}
	var edits []edit
	for label, name := range names {
		edits = append(edits,
			edit{name: "name " + label, apply: func(m *metav1.ObjectMeta) { m.Name = name }},
			edit{name: "generateName " + label, apply: func(m *metav1.ObjectMeta) { m.GenerateName = name }},
			edit{name: "generateName+dash " + label, apply: func(m *metav1.ObjectMeta) { m.GenerateName = name + "-" }},
		)
	}
	for label, ns := range map[string]string{"empty": "", "dots": "a.b", "63": rep("n", 63), "64": rep("n", 64), "upper": "NS"} {
		edits = append(edits, edit{name: "namespace " + label, apply: func(m *metav1.ObjectMeta) { m.Namespace = ns }})
	}
	for label, labels := range map[string]map[string]string{
		"bad key":          {"-bad": "v"},
		"bad value":        {"good": "-bad"},
		"value 63":         {"k": rep("v", 63)},
		"value 64":         {"k": rep("v", 64)},
		"key name 63":      {rep("k", 63): ""},
		"key name 64":      {rep("k", 64): ""},
		"prefix 253":       {rep("p", 253) + "/k": "v"},
		"prefix 254":       {rep("p", 254) + "/k": "v"},
		"upper prefix":     {"Example.com/x": "v"},
		"two slashes":      {"a/b/c": "v"},
		"empty prefix":     {"/x": "v"},
		"empty name":       {"example.com/": "v"},
		"empty key":        {"": "v"},
		"same bad values":  {"a": "-x", "b": "-x"},
		"many":             {"a": "1", "b.example.com/c": "2", "d_e": "f"},
		"value underscore": {"k": "_"},
	} {
		edits = append(edits, edit{name: "labels " + label, apply: func(m *metav1.ObjectMeta) { m.Labels = labels }})
	}
	for label, annotations := range map[string]map[string]string{
		"upper key":       {"Example.COM/Key": "v"},
		"bad key":         {"bad key": "v"},
		"exactly 256 KiB": {"k": rep("x", 262143)},
		"one over":        {"k": rep("x", 262144)},
		"split total":     {"k1": rep("x", 131070), "k2": rep("x", 131070)},
		"split over":      {"k1": rep("x", 131071), "k2": rep("x", 131071)},
		"bad and long":    {"-k": rep("x", 262144)},
		"empty value":     {"k": ""},
	} {
		edits = append(edits, edit{name: "annotations " + label, apply: func(m *metav1.ObjectMeta) { m.Annotations = annotations }})
	}
	for label, finalizers := range map[string][]string{
		"foo": {"foo"}, "domain only": {"example.com"}, "standard": {"kubernetes", "orphan"}, "duplicates": {"example.com/x", "example.com/x"},
		"orphan+foreground": {"orphan", "foregroundDeletion"}, "bad qualified": {"ok.com/x", "example.com/-x"},
		"dotted": {"foo.bar"}, "upper": {"Example.com/x"}, "two slashes": {"a/b/c"}, "empty": {""},
		"everything": {"foo", "orphan", "foregroundDeletion", "a/b/c"},
	} {
		edits = append(edits, edit{name: "finalizers " + label, apply: func(m *metav1.ObjectMeta) { m.Finalizers = finalizers }})
	}
	ref := func(apiVersion, kind, name, uid string, controller bool) metav1.OwnerReference {
		r := metav1.OwnerReference{APIVersion: apiVersion, Kind: kind, Name: name, UID: types.UID(uid)}
		if controller {
			r.Controller = ptr.To(true)
		}
		return r
	}
	for label, refs := range map[string][]metav1.OwnerReference{
		"empty":           {{}},
		"bad version":     {ref("a/b/c", "K", "n", "u", false)},
		"group only":      {ref("apps/", "K", "n", "u", false)},
		"core event":      {ref("v1", "Event", "n", "u", false)},
		"events.k8s.io":   {ref("events.k8s.io/v1", "Event", "n", "u", false)},
		"two controllers": {ref("v1", "Pod", "a", "u1", true), ref("v1", "Pod", "b", "u2", true)},
		"three controllers": {ref("v1", "Pod", "a", "u1", true), ref("v1", "Pod", "b", "u2", true),
			ref("v1", "Pod", "c", "u3", true)},
		"one controller": {ref("v1", "Pod", "a", "u1", true), ref("apps/v1", "ReplicaSet", "b", "u2", false)},
		"duplicates":     {ref("v1", "Pod", "a", "u1", false), ref("v1", "Pod", "a", "u1", false)},
	} {
		edits = append(edits, edit{name: "ownerReferences " + label, apply: func(m *metav1.ObjectMeta) { m.OwnerReferences = refs }})
	}
	for label, fields := range map[string][]metav1.ManagedFieldsEntry{
		"no operation":  {{Manager: "m"}},
		"bad operation": {{Manager: "m", Operation: "Bogus"}},
		"bad type":      {{Manager: "m", Operation: metav1.ManagedFieldsOperationApply, FieldsType: "FieldsV2"}},
		"long manager":  {{Manager: rep("m", 129), Operation: metav1.ManagedFieldsOperationUpdate}},
		"fine":          {{Manager: "m", Operation: metav1.ManagedFieldsOperationUpdate, FieldsType: "FieldsV1"}},
		// The field manager keeps what it can decode (Store.Through).
		"kept long manager": {keptManagedFields(rep("m", 129))},
	} {
		edits = append(edits, edit{name: "managedFields " + label, apply: func(m *metav1.ObjectMeta) { m.ManagedFields = fields }})
	}
	edits = append(edits,
		edit{name: "generation -1", apply: func(m *metav1.ObjectMeta) { m.Generation = -1 }},
		edit{name: "generation 7", apply: func(m *metav1.ObjectMeta) { m.Generation = 7 }},
		edit{name: "name and namespace bad", apply: func(m *metav1.ObjectMeta) { m.Name, m.Namespace = "A", "B" }},
		edit{name: "no name with generateName", apply: func(m *metav1.ObjectMeta) { m.Name, m.GenerateName = "", "gen-" }},
	)
	return edits
}

func updateEdits() []edit {
	deleting := func(m *metav1.ObjectMeta) {
		m.DeletionTimestamp = ptr.To(metav1.NewTime(time.Date(2026, 2, 3, 4, 5, 6, 0, time.UTC)))
		m.DeletionGracePeriodSeconds = ptr.To[int64](0)
		m.Finalizers = []string{"example.com/a", "example.com/b"}
	}
	later := metav1.NewTime(time.Date(2027, 1, 1, 0, 0, 0, 0, time.UTC))
	return []edit{
		{name: "unchanged", apply: func(*metav1.ObjectMeta) {}},
		{name: "no resourceVersion", apply: func(m *metav1.ObjectMeta) { m.ResourceVersion = "" }},
		{name: "name", apply: func(m *metav1.ObjectMeta) { m.Name = "other" }},
		{name: "bad name", apply: func(m *metav1.ObjectMeta) { m.Name = "a/b" }},
		{name: "namespace", apply: func(m *metav1.ObjectMeta) { m.Namespace = "t2" }},
		{name: "uid", apply: func(m *metav1.ObjectMeta) { m.UID = "changed" }},
		{name: "uid cleared", apply: func(m *metav1.ObjectMeta) { m.UID = "" }},
		{name: "creationTimestamp", apply: func(m *metav1.ObjectMeta) { m.CreationTimestamp = later }},
		{name: "deletionTimestamp on live", apply: func(m *metav1.ObjectMeta) { m.DeletionTimestamp = &later }},
		{name: "grace on live", apply: func(m *metav1.ObjectMeta) { m.DeletionGracePeriodSeconds = ptr.To[int64](5) }},
		{name: "generation lower", apply: func(m *metav1.ObjectMeta) { m.Generation = -5 }, old: func(m *metav1.ObjectMeta) { m.Generation = 3 }},
		{name: "bad label", apply: func(m *metav1.ObjectMeta) { m.Labels = map[string]string{"-bad": "v"} }},
		{name: "bad annotation", apply: func(m *metav1.ObjectMeta) { m.Annotations = map[string]string{"a b": "v"} }},
		{name: "annotations one over", apply: func(m *metav1.ObjectMeta) { m.Annotations = map[string]string{"k": strings.Repeat("x", 262144)} }},
		{name: "unqualified finalizer", apply: func(m *metav1.ObjectMeta) { m.Finalizers = []string{"foo"} }},
		{name: "bad finalizer", apply: func(m *metav1.ObjectMeta) { m.Finalizers = []string{"example.com/-x"} }},
		{name: "orphan+foreground", apply: func(m *metav1.ObjectMeta) { m.Finalizers = []string{"orphan", "foregroundDeletion"} }},
		{name: "bad owner", apply: func(m *metav1.ObjectMeta) { m.OwnerReferences = []metav1.OwnerReference{{}} }},
		{name: "bad generateName", apply: func(m *metav1.ObjectMeta) { m.GenerateName = "a/b" }},
		{name: "bad managedFields", apply: func(m *metav1.ObjectMeta) { m.ManagedFields = []metav1.ManagedFieldsEntry{{}} }},
		{name: "kept bad managedFields", apply: func(m *metav1.ObjectMeta) {
			m.ManagedFields = []metav1.ManagedFieldsEntry{keptManagedFields("bad\tmanager")}
		}},
		{name: "deleting: add finalizer", old: deleting, apply: func(m *metav1.ObjectMeta) { m.Finalizers = append(m.Finalizers, "example.com/new", "example.com/c") }},
		{name: "deleting: reorder", old: deleting, apply: func(m *metav1.ObjectMeta) { m.Finalizers = []string{"example.com/b", "example.com/a", "example.com/b"} }},
		{name: "deleting: remove all", old: deleting, apply: func(m *metav1.ObjectMeta) { m.Finalizers = nil }},
		{name: "deleting: clear timestamp", old: deleting, apply: func(m *metav1.ObjectMeta) { m.DeletionTimestamp = nil }},
		{name: "deleting: move timestamp", old: deleting, apply: func(m *metav1.ObjectMeta) { m.DeletionTimestamp = &later }},
		{name: "deleting: grace changed", old: deleting, apply: func(m *metav1.ObjectMeta) { m.DeletionGracePeriodSeconds = ptr.To[int64](10) }},
		{name: "deleting: grace cleared", old: deleting, apply: func(m *metav1.ObjectMeta) { m.DeletionGracePeriodSeconds = nil }},
		{name: "deleting: bad label and new finalizer", old: deleting, apply: func(m *metav1.ObjectMeta) {
			m.Labels = map[string]string{"x": "-"}
			m.Finalizers = []string{"foo"}
		}},
		{name: "everything", apply: func(m *metav1.ObjectMeta) {
			m.Name, m.Namespace, m.UID, m.ResourceVersion = "x", "y", "z", ""
			m.Labels = map[string]string{"-": "-"}
			m.Finalizers = []string{"orphan", "foregroundDeletion", "bar"}
		}},
	}
}

// keptManagedFields is a managedFields entry that kube-apiserver's field
// manager decodes and keeps for a resource served at v1 (core/v1 ConfigMaps),
// so that validation sees it: it owns a label this request does not set.
func keptManagedFields(manager string) metav1.ManagedFieldsEntry {
	return metav1.ManagedFieldsEntry{
		Manager: manager, Operation: metav1.ManagedFieldsOperationUpdate, APIVersion: "v1",
		FieldsType: "FieldsV1", FieldsV1: &metav1.FieldsV1{Raw: []byte(`{"f:metadata":{"f:labels":{"f:kept":{}}}}`)},
	}
}

// randomCorpus makes n random cases, half creates and half updates, from
// pools of good and bad values (a fixed seed keeps the corpus stable).
func randomCorpus(n int) []Case {
	rng := rand.New(rand.NewPCG(1, 37))
	cases := make([]Case, 0, n)
	for i := range n {
		r := AllRules[rng.IntN(len(AllRules))]
		obj := randomMeta(rng, r)
		c := Case{Name: fmt.Sprintf("random/%d", i), Rules: r, Obj: obj}
		if i%2 == 1 {
			old := randomMeta(rng, r)
			if rng.IntN(3) > 0 {
				old = mutate(rng, obj)
				old.ResourceVersion = "7"
			}
			c.Old = old
		}
		cases = append(cases, c)
	}
	return cases
}

var (
	namePool = []string{"a", "a1", "a.b", "Ab", "-a", "a-", "a_b", "a/b", ".", "..", "a%", strings.Repeat("x", 63), strings.Repeat("x", 64), strings.Repeat("y", 253), strings.Repeat("y", 254), "1a", "ü"}
	// KeyPool and FinalizerPool seed the fuzz tests too.
	KeyPool        = []string{"app", "-bad", "example.com/x", "Example.com/x", "a/b/c", "/x", "x/", "k8s.io/name", strings.Repeat("k", 63), strings.Repeat("k", 64), "UPPER", "a b"}
	valuePool      = []string{"", "v", "-v", "v-", strings.Repeat("v", 63), strings.Repeat("v", 64), "a.b_c-d", "white space"}
	FinalizerPool  = []string{"kubernetes", "orphan", "foregroundDeletion", "foo", "foo.bar", "example.com/x", "example.com/y", "example.com/-x", "a/b/c", "", "Example.com/X"}
	apiVersionPool = []string{"v1", "apps/v1", "", "a/b/c", "apps/", "/", "events.k8s.io/v1"}
	kindPool       = []string{"Pod", "Event", "", "ReplicaSet"}
)

func pick[T any](rng *rand.Rand, pool []T) T { return pool[rng.IntN(len(pool))] }

func randomMeta(rng *rand.Rand, r meta.Rules) *metav1.ObjectMeta {
	obj := &metav1.ObjectMeta{Name: pick(rng, namePool), ResourceVersion: pick(rng, []string{"", "3"})}
	if r.Namespaced != (rng.IntN(8) == 0) {
		obj.Namespace = pick(rng, []string{"t1", "T1", "a.b", "", strings.Repeat("n", 64)})
	}
	if rng.IntN(4) == 0 {
		obj.GenerateName = pick(rng, namePool) + pick(rng, []string{"", "-"})
	}
	if rng.IntN(5) == 0 {
		obj.Name = ""
	}
	obj.Generation = int64(rng.IntN(5) - 1)
	obj.Labels = randomMap(rng)
	obj.Annotations = randomMap(rng)
	if rng.IntN(10) == 0 {
		obj.Annotations = map[string]string{"big": strings.Repeat("x", 262141+rng.IntN(6))}
	}
	for range rng.IntN(4) {
		obj.Finalizers = append(obj.Finalizers, pick(rng, FinalizerPool))
	}
	for range rng.IntN(3) {
		ref := metav1.OwnerReference{APIVersion: pick(rng, apiVersionPool), Kind: pick(rng, kindPool), Name: pick(rng, []string{"", "o"}), UID: types.UID(pick(rng, []string{"", "u1", "u2"}))}
		if rng.IntN(2) == 0 {
			ref.Controller = ptr.To(rng.IntN(3) > 0)
		}
		obj.OwnerReferences = append(obj.OwnerReferences, ref)
	}
	if rng.IntN(8) == 0 {
		obj.ManagedFields = []metav1.ManagedFieldsEntry{{Manager: "m", Operation: pick(rng, []metav1.ManagedFieldsOperationType{"", "Apply", "Bogus"})}}
	}
	if rng.IntN(4) == 0 {
		obj.DeletionTimestamp = ptr.To(metav1.NewTime(time.Unix(int64(rng.IntN(3)), 0)))
	}
	if rng.IntN(4) == 0 {
		obj.DeletionGracePeriodSeconds = ptr.To(int64(rng.IntN(3)))
	}
	obj.UID = types.UID(pick(rng, []string{"", "u1", "u2"}))
	obj.CreationTimestamp = metav1.NewTime(time.Unix(int64(rng.IntN(2)), 0))
	return obj
}

func randomMap(rng *rand.Rand) map[string]string {
	if rng.IntN(3) == 0 {
		return nil
	}
	m := map[string]string{}
	for range rng.IntN(4) {
		m[pick(rng, KeyPool)] = pick(rng, valuePool)
	}
	return m
}

// mutate returns a copy of obj with a few fields changed, so that updates
// often leave most of the metadata alone.
func mutate(rng *rand.Rand, obj *metav1.ObjectMeta) *metav1.ObjectMeta {
	old := obj.DeepCopy()
	switch rng.IntN(6) {
	case 0:
		old.Finalizers = old.Finalizers[:len(old.Finalizers)/2]
	case 1:
		old.DeletionTimestamp = ptr.To(metav1.NewTime(time.Unix(9, 0)))
	case 2:
		old.Generation += 2
	case 3:
		old.Labels = nil
	case 4:
		old.UID = "old"
	}
	return old
}
