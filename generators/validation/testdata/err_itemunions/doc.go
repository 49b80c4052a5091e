// Package erritemunions misuses unions over list items.
//
// +k8s:validation-gen=*
package erritemunions

// T has list unions that cannot be.
type T struct {
	// +k8s:listType=map
	// +k8s:listMapKey=name
	// +k8s:item(name: "a")=+k8s:unionDiscriminator
	// +k8s:item(name: "b")=+k8s:unionMember
	// +k8s:item(name: "b")=+k8s:unionMember
	L []Item `json:"l"`
	// +k8s:eachVal=+k8s:zeroOrOneOfMember
	M []Item `json:"m"`
	// +k8s:item(name: "a")=+k8s:unionMember
	N []Item `json:"n"`
	// +k8s:listType=map
	// +k8s:listMapKey=name
	// +k8s:item(name: "a")=+k8s:dependentRequired(x)
	P []Item `json:"p"`
	// +k8s:listType=map
	// +k8s:listMapKey=name
	// +k8s:item(id: "a")=+k8s:unionMember
	Q []Item `json:"q"`
}

// Item is keyed by name.
type Item struct {
	Name string `json:"name"`
	X    *int   `json:"x,omitempty"`
}
