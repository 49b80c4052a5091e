// Package errlists has malformed list markers.
//
// +k8s:validation-gen=*
package errlists

// T has malformed lists.
type T struct {
	// +k8s:listType=map
	NoKeys []Item `json:"noKeys"`
	// +k8s:listMapKey=name
	KeysWithoutMap []Item `json:"keysWithoutMap"`
	// +k8s:listType=map
	// +k8s:listMapKey=missing
	MissingKey []Item `json:"missingKey"`
	// +k8s:listType=map
	// +k8s:listMapKey=name
	Scalars []string `json:"scalars"`
	// +k8s:listType=set
	// +k8s:unique=set
	Redundant []string `json:"redundant"`
	// +k8s:listType=set
	NotAList string `json:"notAList"`
}

// Item is keyed by name.
type Item struct {
	Name string `json:"name"`
}
