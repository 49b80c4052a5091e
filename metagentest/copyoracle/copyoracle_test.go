package copyoracle

import (
	"fmt"
	"runtime"
	"strings"
	"testing"
	"time"

	"sigs.k8s.io/randfill"

	batchv1 "k8s.io/api/batch/v1"
	corev1 "k8s.io/api/core/v1"
	"k8s.io/apimachinery/pkg/api/resource"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	k8sruntime "k8s.io/apimachinery/pkg/runtime"
)

type leaf struct {
	Name  string
	Items []string
}

type sample struct {
	Name   string
	Items  []int
	More   []int
	Labels map[string]string
	Ptr    *int
	Ptrs   [2]*int
	Any    any
	Leaves []leaf
	Time   time.Time
	Empty  *struct{}
	hidden []int
}

// deepCopySample is a correct hand-written deep copy for sample.
func deepCopySample(in *sample) *sample {
	out := *in
	if in.Items != nil {
		out.Items = append([]int{}, in.Items...)
	}
	if in.More != nil {
		out.More = append([]int{}, in.More...)
	}
	if in.Labels != nil {
		out.Labels = make(map[string]string, len(in.Labels))
		for k, v := range in.Labels {
			out.Labels[k] = v
		}
	}
	if in.Ptr != nil {
		out.Ptr = new(*in.Ptr)
	}
	for i, p := range in.Ptrs {
		if p != nil {
			out.Ptrs[i] = new(*p)
		}
	}
	if l, ok := in.Any.(*leaf); ok {
		out.Any = &leaf{Name: l.Name, Items: append([]string(nil), l.Items...)}
	}
	if in.Leaves != nil {
		out.Leaves = make([]leaf, len(in.Leaves))
		for i, l := range in.Leaves {
			out.Leaves[i] = leaf{Name: l.Name, Items: append([]string(nil), l.Items...)}
		}
	}
	if in.Empty != nil {
		out.Empty = &struct{}{}
	}
	if in.hidden != nil {
		out.hidden = append([]int{}, in.hidden...)
	}
	return &out
}

func newSample() *sample {
	one, two, three := 1, 2, 3
	return &sample{
		Name:   "sample",
		Items:  []int{1, 2},
		More:   []int{3},
		Labels: map[string]string{"app": "web"},
		Ptr:    &one,
		Ptrs:   [2]*int{&two, &three},
		Any:    &leaf{Name: "inner", Items: []string{"a", "b"}},
		Leaves: []leaf{{Name: "x", Items: []string{"c"}}},
		Time:   time.Unix(1700000000, 0), // Local location: shared *time.Location
		Empty:  &struct{}{},
		hidden: []int{4, 5},
	}
}

func TestCheckCopyAcceptsDeepCopy(t *testing.T) {
	original := newSample()
	if err := CheckCopy(original, deepCopySample(original)); err != nil {
		t.Fatalf("correct deep copy rejected: %v", err)
	}
	var zero sample
	if err := CheckCopy(&zero, deepCopySample(&zero)); err != nil {
		t.Fatalf("correct deep copy of zero value rejected: %v", err)
	}
	if err := CheckCopy(nil, nil); err != nil {
		t.Fatalf("nil vs nil rejected: %v", err)
	}
}

func TestCheckCopyDetectsSharedMemory(t *testing.T) {
	tests := []struct {
		name    string
		breakIt func(original, copied *sample)
		want    string
	}{
		{"slice", func(o, c *sample) { c.Items = o.Items }, ".Items: shared slice backing array"},
		{"map", func(o, c *sample) { c.Labels = o.Labels }, ".Labels: shared map"},
		{"pointer", func(o, c *sample) { c.Ptr = o.Ptr }, ".Ptr: shared pointer"},
		{"array of pointers", func(o, c *sample) { c.Ptrs[1] = o.Ptrs[1] }, ".Ptrs[1]: shared pointer"},
		{"interface", func(o, c *sample) { c.Any = o.Any }, ".Any: shared pointer"},
		{"inside interface", func(o, c *sample) { c.Any.(*leaf).Items = o.Any.(*leaf).Items }, ".Any.Items: shared slice backing array"},
		{"slice of structs", func(o, c *sample) { c.Leaves[0].Items = o.Leaves[0].Items }, ".Leaves[0].Items: shared slice backing array"},
		{"unexported field", func(o, c *sample) { c.hidden = o.hidden }, ".hidden: shared slice backing array"},
		{
			"aliasing another field", func(o, c *sample) { o.More = []int{1, 2}; c.More = []int{1, 2}; c.Items = o.More },
			".Items: slice backing array shares memory with original's .More (slice backing array)",
		},
		{
			"pointer into original's slice", func(o, c *sample) { c.Ptr = &o.Items[1]; *o.Ptr = 2 },
			".Ptr: pointer shares memory with original's .Items (slice backing array)",
		},
		{
			"sub-slice of original", func(o, c *sample) {
				o.Items = []int{1, 2, 3, 4}
				c.Items = o.Items[2:4:4]
				c.Items[0], c.Items[1] = 1, 2
				o.Items = o.Items[:2]
			},
			".Items: shared slice backing array",
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			original := newSample()
			copied := deepCopySample(original)
			tt.breakIt(original, copied)
			err := CheckCopy(original, copied)
			if err == nil || err.Error() != tt.want {
				t.Fatalf("CheckCopy() = %v, want %q", err, tt.want)
			}
		})
	}

	t.Run("root", func(t *testing.T) {
		original := newSample()
		if err := CheckCopy(original, original); err == nil || err.Error() != "(root): shared pointer" {
			t.Fatalf("CheckCopy(x, x) = %v, want (root): shared pointer", err)
		}
	})
}

func TestCheckCopyReportsInequality(t *testing.T) {
	tests := []struct {
		name    string
		breakIt func(copied *sample)
		want    string
	}{
		{"string", func(c *sample) { c.Name = "other" }, `.Name: not equal: "sample" vs "other"`},
		{"nil vs empty slice", func(c *sample) { c.Items = nil }, ".Items: not equal: original is non-nil (length 2), copy is nil"},
		{"slice length", func(c *sample) { c.Items = c.Items[:1] }, ".Items: not equal: length 2 vs 1"},
		{"map value", func(c *sample) { c.Labels["app"] = "db" }, `.Labels["app"]: not equal: "web" vs "db"`},
		{"missing map key", func(c *sample) { delete(c.Labels, "app"); c.Labels["x"] = "web" }, `.Labels["app"]: missing in copy`},
		{"pointee", func(c *sample) { *c.Ptrs[0] = 7 }, ".Ptrs[0]: not equal: 2 vs 7"},
		{"interface type", func(c *sample) { c.Any = leaf{} }, ".Any: type mismatch: *copyoracle.leaf vs copyoracle.leaf"},
		{"unexported field", func(c *sample) { c.hidden[1] = 9 }, ".hidden[1]: not equal: 5 vs 9"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			original := newSample()
			copied := deepCopySample(original)
			tt.breakIt(copied)
			err := CheckCopy(original, copied)
			if err == nil || err.Error() != tt.want {
				t.Fatalf("CheckCopy() = %v, want %q", err, tt.want)
			}
		})
	}

	t.Run("root type", func(t *testing.T) {
		err := CheckCopy(newSample(), *newSample())
		if want := "(root): type mismatch: *copyoracle.sample vs copyoracle.sample"; err == nil || err.Error() != want {
			t.Fatalf("CheckCopy() = %v, want %q", err, want)
		}
	})
}

func TestCheckCopyDistinguishesNilAndEmpty(t *testing.T) {
	type collections struct {
		Slice []int
		Map   map[string]int
	}
	tests := []struct {
		name             string
		original, copied collections
		want             string
	}{
		{"empty slice copied as nil", collections{Slice: []int{}}, collections{}, ".Slice: not equal: original is empty, copy is nil"},
		{"nil slice copied as empty", collections{}, collections{Slice: []int{}}, ".Slice: not equal: original is nil, copy is empty"},
		{"empty map copied as nil", collections{Map: map[string]int{}}, collections{}, ".Map: not equal: original is empty, copy is nil"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			err := CheckCopy(&tt.original, &tt.copied)
			if err == nil || err.Error() != tt.want {
				t.Fatalf("CheckCopy() = %v, want %q", err, tt.want)
			}
		})
	}
}

func TestCheckCopyHandlesCycles(t *testing.T) {
	type node struct {
		Next  *node
		Items []int
	}
	original := &node{Items: []int{1}}
	original.Next = original
	copied := &node{Items: []int{1}}
	copied.Next = copied
	if err := CheckCopy(original, copied); err != nil {
		t.Fatalf("correct copy of cyclic value rejected: %v", err)
	}
	copied.Items = original.Items
	if err := CheckCopy(original, copied); err == nil || err.Error() != ".Items: shared slice backing array" {
		t.Fatalf("CheckCopy() = %v, want shared .Items", err)
	}
}

// fatalRecorder captures the first Fatalf of a helper under test.
type fatalRecorder struct {
	testing.TB
	message string
}

func (r *fatalRecorder) Helper() {}

func (r *fatalRecorder) Fatalf(format string, args ...any) {
	r.message = fmt.Sprintf(format, args...)
	runtime.Goexit()
}

// expectFatal runs check against a recorder and returns its failure message.
func expectFatal(t *testing.T, check func(tb testing.TB)) string {
	t.Helper()
	recorder := &fatalRecorder{TB: t}
	done := make(chan struct{})
	go func() {
		defer close(done)
		check(recorder)
	}()
	<-done
	if recorder.message == "" {
		t.Fatal("check passed, want a failure")
	}
	return recorder.message
}

func TestKubernetesTypes(t *testing.T) {
	CheckDeepCopy[corev1.Pod](t, 200)
	CheckDeepCopy[batchv1.Job](t, 200)
	CheckDeepCopy[k8sruntime.RawExtension](t, 200)
	CheckDeepCopy[metav1.ObjectMeta](t, 200)
	CheckDeepCopyValue[corev1.ResourceList](t, 200)
	CheckDeepCopyValue[resource.Quantity](t, 200)
	Rounds(t, 200, func(f *randfill.Filler) (any, any) {
		var in corev1.Pod
		f.Fill(&in)
		return &in, in.DeepCopyObject()
	})
}

func TestRoundsCatchesShallowKubernetesCopy(t *testing.T) {
	message := expectFatal(t, func(tb testing.TB) {
		Rounds(tb, 200, func(f *randfill.Filler) (any, any) {
			var in corev1.Pod
			f.Fill(&in)
			shallow := in
			return &in, &shallow
		})
	})
	if !strings.Contains(message, "*v1.Pod, round 0") || !strings.Contains(message, "WithSeed(1)") {
		t.Errorf("unexpected message: %s", message)
	}
	if !strings.Contains(message, "shared") {
		t.Errorf("want a shared-memory report, got: %s", message)
	}
}

func TestRoundsCatchesQuantitySharingDec(t *testing.T) {
	message := expectFatal(t, func(tb testing.TB) {
		Rounds(tb, 200, func(f *randfill.Filler) (any, any) {
			var in resource.Quantity
			f.Fill(&in)
			return in, in // Quantity copied by assignment shares its *inf.Dec
		})
	})
	if !strings.Contains(message, ".d.Dec: shared pointer") {
		t.Errorf("want shared .d.Dec, got: %s", message)
	}
}

func TestRoundsCatchesEmptySliceCopiedAsNil(t *testing.T) {
	type list struct{ Items []string }
	message := expectFatal(t, func(tb testing.TB) {
		Rounds(tb, 200, func(f *randfill.Filler) (any, any) {
			var in list
			f.Fill(&in)
			out := list{}
			if len(in.Items) > 0 { // bug: an empty slice becomes nil
				out.Items = append([]string(nil), in.Items...)
			}
			return &in, &out
		})
	})
	if !strings.Contains(message, ".Items: not equal: original is empty, copy is nil") {
		t.Errorf("unexpected message: %s", message)
	}
}

func TestWithUnexportedFields(t *testing.T) {
	type private struct{ items []int }
	shallowCopy := func(f *randfill.Filler) (any, any) {
		var in private
		f.Fill(&in)
		out := in
		return &in, &out
	}
	// Without the option unexported fields stay nil, so nothing is shared.
	Rounds(t, 50, shallowCopy)
	message := expectFatal(t, func(tb testing.TB) { Rounds(tb, 50, shallowCopy, WithUnexportedFields()) })
	if !strings.Contains(message, ".items: shared slice backing array") {
		t.Errorf("unexpected message: %s", message)
	}
}

func TestNewFillerProducesRichValues(t *testing.T) {
	var sawPorts, sawEmptySlice, sawNilSlice bool
	for seed := range int64(200) {
		f := NewFiller(seed)
		var pod corev1.Pod
		f.Fill(&pod)
		for _, c := range pod.Spec.Containers {
			sawPorts = sawPorts || len(c.Ports) > 0
			sawEmptySlice = sawEmptySlice || (c.Args != nil && len(c.Args) == 0)
			sawNilSlice = sawNilSlice || c.Args == nil
		}
		var q resource.Quantity
		f.Fill(&q)
		if _, err := resource.ParseQuantity(q.String()); err != nil {
			t.Fatalf("seed %d: invalid quantity %q: %v", seed, q.String(), err)
		}
		if !pod.CreationTimestamp.IsZero() && pod.CreationTimestamp.Year() > 3000 {
			t.Fatalf("seed %d: implausible time %v", seed, pod.CreationTimestamp)
		}
	}
	if !sawPorts || !sawEmptySlice || !sawNilSlice {
		t.Errorf("filler too sparse: ports=%v emptySlice=%v nilSlice=%v", sawPorts, sawEmptySlice, sawNilSlice)
	}

	a, b := NewFiller(42), NewFiller(42)
	var podA, podB corev1.Pod
	a.Fill(&podA)
	b.Fill(&podB)
	if err := CheckCopy(&podA, &podB); err != nil {
		t.Errorf("same seed gave different pods: %v", err)
	}
}

func TestFillerFillsInterfaces(t *testing.T) {
	type holder struct {
		Value  any
		Object k8sruntime.Object
	}
	var sawMap, sawObject bool
	Rounds(t, 200, func(f *randfill.Filler) (any, any) {
		var in holder
		f.Fill(&in)
		_, isMap := in.Value.(map[string]any)
		sawMap = sawMap || isMap
		sawObject = sawObject || in.Object != nil
		out := holder{Value: k8sruntime.DeepCopyJSONValue(in.Value)} // panics on non-JSON values
		if in.Object != nil {
			out.Object = in.Object.DeepCopyObject()
		}
		return &in, &out
	})
	if !sawMap || !sawObject {
		t.Errorf("interfaces too sparse: map=%v object=%v", sawMap, sawObject)
	}
}
