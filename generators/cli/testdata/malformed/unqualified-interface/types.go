package unqualifiedinterface

// +k8s:deepcopy-gen:interfaces=Object
type Good struct{ Items []string }
