// Package deepcopymarkeronalias asks for deepcopy methods on a type alias,
// which cannot have them: the error is at the marker that asks.
package deepcopymarkeronalias

// Thing has a list, so it needs its copy methods.
type Thing struct {
	Items []string `json:"items"`
}

// Alias is another name for Thing.
//
// +k8s:deepcopy-gen=true
type Alias = Thing
