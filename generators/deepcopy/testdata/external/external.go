// Package external is a dependency of the test cases that does not opt in to
// deepcopy generation: its structs have no DeepCopyInto.
package external

// Plain holds no references, so assignment copies it.
type Plain struct {
	Name  string
	Count int
	Tags  [2]string
	Inner struct{ On bool }
}

// WithRefs holds a slice and has no DeepCopyInto: it cannot be copied.
type WithRefs struct {
	Name  string
	Items []string
}

// Deep holds its reference one struct down.
type Deep struct {
	Meta struct {
		Labels map[string]string
	}
}
