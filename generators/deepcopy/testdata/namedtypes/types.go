package namedtypes

import "k8s.io/apimachinery/pkg/api/resource"

// Labels is a named map: it gets value receivers.
type Labels map[string]string

// Items is a named slice of structs.
type Items []Item

// Matrix is a named slice of slices.
type Matrix [][]int

// Index maps to slices of pointers.
type Index map[string][]*Item

// Resources is like corev1.ResourceList.
type Resources map[string]resource.Quantity

// ItemPtr is a named pointer: deepcopy-gen gives it nothing.
type ItemPtr *Item

// Grid is a named array: deepcopy-gen gives it nothing.
type Grid [2][2]int

// Phase is a named string: it gets nothing.
type Phase string

// Item uses the named types as fields.
type Item struct {
	Name      string
	Phase     Phase
	Labels    Labels
	Children  Items
	Matrix    Matrix
	Index     Index
	Resources Resources
	Parent    ItemPtr
	Grid      Grid
	Phases    []Phase
	ByPhase   map[Phase]Labels
}
