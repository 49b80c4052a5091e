package blank

// WithBlanks has blank fields of several kinds.
type WithBlanks struct {
	_      struct{}
	Name   string
	_      [0]func()
	Values []int
	_      int
}
