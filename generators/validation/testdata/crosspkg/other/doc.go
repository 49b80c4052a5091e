// Package other is validated in the same run as crosspkg.
//
// +k8s:validation-gen=TypesWithSuffix=Root
package other

// Quota is used by crosspkg; it gets a function because OtherRoot uses it.
type Quota struct {
	// +k8s:minimum=1
	Limit int `json:"limit"`
}

// OtherRoot is this package's root type.
type OtherRoot struct {
	Quota Quota `json:"quota"`
}
