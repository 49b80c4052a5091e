package listtype

// Thing has a list type on a string.
type Thing struct {
	// Name is not a list.
	// +listType=atomic
	Name string `json:"name"`
}
