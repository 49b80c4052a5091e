package nonpointer

// Named is implemented by values, not pointers.
type Named interface {
	Name() string
	DeepCopyNamed() Named
}

// Value implements Named on its value receiver, so DeepCopyNamed is put
// there too.
// +k8s:deepcopy-gen:interfaces=github.com/metagen-dev/metagen/generators/deepcopy/testdata/nonpointer.Named
// +k8s:deepcopy-gen:nonpointer-interfaces=true
type Value struct {
	Items []string
}

// Name completes Named.
func (v Value) Name() string { return "value" }

// Holder holds a Named.
type Holder struct {
	Named  Named
	Values []Named
}
