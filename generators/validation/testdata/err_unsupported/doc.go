// Package errunsupported has tags that do not fit where they are written:
// a missing custom function, misplaced chains, a mode without discriminator.
//
// +k8s:validation-gen=*
package errunsupported

// T uses customValidation, modes and misplaced chains.
type T struct {
	// +k8s:customValidation
	C string `json:"c"`
	// +k8s:item(name: "x")=+k8s:required
	D []Item `json:"d"`
	// +k8s:subfield(nope)=+k8s:maxLength=3
	E Item `json:"e"`
	// +k8s:eachVal
	F []int `json:"f"`
	// +k8s:eachVal=+k8s:unionMember
	G []Item `json:"g"`
	// +k8s:ifMode(mode: "A")=+k8s:required
	H string `json:"h"`
	// +k8s:subfield(name)=+k8s:required
	I string `json:"i"`
}

// Item is a list item.
type Item struct {
	Name string `json:"name"`
}
