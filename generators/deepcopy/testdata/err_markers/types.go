package err_markers

// Phase is a named string: asking for methods is an error.
// +k8s:deepcopy-gen=true
type Phase string

// Ptr is a named pointer: asking for methods is an error.
// +k8s:deepcopy-gen=true
type Ptr *Phase

// NotAnInterface is asked for as an interface.
// +k8s:deepcopy-gen:interfaces=github.com/metagen-dev/metagen/generators/deepcopy/testdata/err_markers.Phase
type NotAnInterface struct {
	Name string
}

// Missing names an interface of a package that is not imported.
// +k8s:deepcopy-gen:interfaces=example.com/nowhere.Thing
type Missing struct {
	Name string
}

// Stringer has no DeepCopyStringer method.
type Stringer interface {
	String() string
}

// UsesStringer holds an interface that cannot copy itself.
type UsesStringer struct {
	Value Stringer
}

// OptedOut holds references and has no DeepCopyInto.
// +k8s:deepcopy-gen=false
type OptedOut struct {
	Values []string
}

// UsesOptedOut holds OptedOut.
type UsesOptedOut struct {
	Value OptedOut
}

// BadSignature has a DeepCopy that returns the wrong type.
type BadSignature struct {
	Values []string
}

// DeepCopy returns the wrong type.
func (in *BadSignature) DeepCopy() string { return "" }

// hidden is unexported and holds references.
type hidden struct {
	values []string
}

// UsesHidden holds hidden.
type UsesHidden struct {
	Value hidden
}
