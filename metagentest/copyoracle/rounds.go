package copyoracle

import (
	"testing"

	"sigs.k8s.io/randfill"
)

// Option adjusts Rounds, CheckDeepCopy and CheckDeepCopyValue.
type Option func(*settings)

type settings struct {
	seed       int64
	unexported bool
	configure  []func(*randfill.Filler)
}

// WithSeed sets the seed of the first round; round i uses seed+i. Failures
// print the seed of the failing round, so WithSeed(thatSeed) with one round
// reproduces them. The default seed is 1, making runs deterministic.
func WithSeed(seed int64) Option {
	return func(s *settings) { s.seed = seed }
}

// WithUnexportedFields makes the Filler fill unexported fields too, for types
// whose DeepCopy must copy private state.
func WithUnexportedFields() Option {
	return func(s *settings) { s.unexported = true }
}

// WithFiller applies configure to each round's Filler after NewFiller, e.g.
// to register more Funcs or to lower MaxDepth for recursive types.
func WithFiller(configure func(*randfill.Filler)) Option {
	return func(s *settings) { s.configure = append(s.configure, configure) }
}

func (s *settings) newFiller(seed int64) *randfill.Filler {
	f := NewFiller(seed).AllowUnexportedFields(s.unexported)
	for _, configure := range s.configure {
		configure(f)
	}
	return f
}

// Rounds runs fillAndCopy rounds times, each with a fresh Filler, and fails t
// with CheckCopy's error and the round's seed on the first bad copy.
// fillAndCopy fills a new value and returns it together with its copy:
//
//	copyoracle.Rounds(t, 50, func(f *randfill.Filler) (original, copied any) {
//		var in corev1.Pod
//		f.Fill(&in)
//		return &in, in.DeepCopyObject()
//	})
func Rounds(t testing.TB, rounds int, fillAndCopy func(f *randfill.Filler) (original, copied any), opts ...Option) {
	t.Helper()
	s := settings{seed: 1}
	for _, opt := range opts {
		opt(&s)
	}
	for i := range rounds {
		seed := s.seed + int64(i)
		original, copied := fillAndCopy(s.newFiller(seed))
		if err := CheckCopy(original, copied); err != nil {
			t.Fatalf("copyoracle: %T, round %d: %v (reproduce with copyoracle.WithSeed(%d))", original, i, err, seed)
		}
	}
}

// CheckDeepCopy checks the generated DeepCopy method of *T over rounds random
// values of T, and that DeepCopy of a nil *T is nil. It suits one line per
// type in generated tests:
//
//	copyoracle.CheckDeepCopy[corev1.Pod](t, 50)
func CheckDeepCopy[T any, PT interface {
	*T
	DeepCopy() *T
}](t testing.TB, rounds int, opts ...Option) {
	t.Helper()
	if copied := PT(nil).DeepCopy(); copied != nil {
		t.Fatalf("copyoracle: (%T)(nil).DeepCopy() = %v, want nil", PT(nil), copied)
	}
	Rounds(t, rounds, func(f *randfill.Filler) (any, any) {
		in := new(T)
		f.Fill(in)
		return in, PT(in).DeepCopy()
	}, opts...)
}

// CheckDeepCopyValue checks a DeepCopy method with a value receiver, as
// deepcopy-gen emits for named map and slice types (corev1.ResourceList) and
// as resource.Quantity has:
//
//	copyoracle.CheckDeepCopyValue[corev1.ResourceList](t, 50)
func CheckDeepCopyValue[T interface{ DeepCopy() T }](t testing.TB, rounds int, opts ...Option) {
	t.Helper()
	Rounds(t, rounds, func(f *randfill.Filler) (any, any) {
		var in T
		f.Fill(&in)
		return in, in.DeepCopy()
	}, opts...)
}
