// Package other opts in type by type, with Go paths as model names.
package other

// Thing is described.
// +k8s:openapi-gen=true
type Thing struct {
	// Value is a value.
	Value string `json:"value"`
}

// Plain is not described.
type Plain struct {
	Value string `json:"value"`
}
