package deepcopywrongmethod

// Thing has a list, so it needs its copy methods.
type Thing struct {
	Items []string `json:"items"`
}

// DeepCopyInto takes a value, where deepcopy-gen wants *Thing.
func (in *Thing) DeepCopyInto(out Thing) {
	out.Items = append([]string(nil), in.Items...)
}
