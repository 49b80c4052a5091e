package sub

// Thing holds references.
type Thing struct {
	Values []string
}

// Things is a named slice.
type Things []Thing

// Labels is a named map.
type Labels map[string]string

// Handled copies itself by hand and opts out of generation.
// +k8s:deepcopy-gen=false
type Handled struct {
	Values []int
}

// DeepCopyInto copies by hand.
func (in *Handled) DeepCopyInto(out *Handled) {
	*out = *in
	if in.Values != nil {
		out.Values = make([]int, len(in.Values))
		copy(out.Values, in.Values)
	}
}
