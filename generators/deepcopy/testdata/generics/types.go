package generics

import "k8s.io/apimachinery/pkg/api/resource"

// Scalar admits only types without references: their values are copied by assignment.
type Scalar interface {
	~string | ~int | ~int64 | ~bool
}

// Copier admits types that copy themselves.
type Copier[T any] interface {
	DeepCopy() T
}

// List holds values of a reference-free type parameter.
type List[T Scalar] struct {
	Items   []T
	First   *T
	ByName  map[string]T
	Matrix  [][]T
	Current T
}

// Box holds values that copy themselves with DeepCopy.
type Box[T Copier[T]] struct {
	Value  T
	Values []T
	ByKey  map[string]T
	Ptr    *T
}

// Pair has two type parameters.
type Pair[K ~string, V Scalar] struct {
	Entries map[K][]V
	Keys    [2]*K
}

// Set is a generic named slice: value receivers.
type Set[T ~string] []T

// Index is a generic named map.
type Index[K comparable, V Scalar] map[string]List[V]

// Item is a plain struct to box.
type Item struct {
	Names []string
}

// Holder uses instantiated generic types.
type Holder struct {
	Names      List[string]
	Counts     *List[int]
	Lists      []List[int64]
	Items      Box[*Item]
	Quantities Box[resource.Quantity]
	Pairs      map[string]Pair[string, int]
	Tags       Set[string]
	Index      Index[string, bool]
}
