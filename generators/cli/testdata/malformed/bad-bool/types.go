package badbool

// +k8s:deepcopy-gen:nonpointer-interfaces=maybe
type Good struct{ Items []string }
