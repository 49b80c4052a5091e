package packagevalueontype

// +k8s:deepcopy-gen=package
type Good struct{ Items []string }
