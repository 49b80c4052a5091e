package inlinecycle

// A and B inline each other: flattened, their schema would never end.
type A struct {
	*B `json:",inline"`
	X  string `json:"x"`
}

type B struct {
	*A `json:",inline"`
	Y  string `json:"y"`
}
