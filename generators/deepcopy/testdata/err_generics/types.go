package err_generics

// Any holds values of an unconstrained type parameter.
type Any[T any] struct {
	Value  T
	Values []T
}

// Keyed has a comparable key, which may be a pointer.
type Keyed[K comparable] struct {
	ByKey map[K]string
}
