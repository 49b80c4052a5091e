package misspelledinterfaces

// +k8s:deepcopy-gen:interface=k8s.io/apimachinery/pkg/runtime.Object
type Good struct{ Items []string }
