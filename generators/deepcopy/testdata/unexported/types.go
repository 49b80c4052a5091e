package unexported

// Hidden has unexported fields of every kind.
type Hidden struct {
	Name   string
	values []int
	labels map[string][]string
	ptr    *int
	inner  inner
	nested Public
	array  [2]*string
}

// inner is unexported and holds no references: it is copied by assignment.
type inner struct {
	count int
	name  string
}

// Public is exported, with unexported fields.
type Public struct {
	items []string
}
