package errwrapped

// Mixed has union members with different wrapping tags: validation-gen
// checks every union of the struct under the first member's.
type Mixed struct {
	// +k8s:alpha=+k8s:unionMember
	A *int `json:"a,omitempty"`
	// +k8s:unionMember
	B *int `json:"b,omitempty"`

	// +k8s:ifEnabled(X)=+k8s:zeroOrOneOfMember(union: "one")
	C *int `json:"c,omitempty"`
	// +k8s:ifEnabled(X)=+k8s:zeroOrOneOfMember(union: "one")
	D *int `json:"d,omitempty"`
	// +k8s:beta=+k8s:zeroOrOneOfMember(union: "two")
	E *int `json:"e,omitempty"`
	// +k8s:beta=+k8s:zeroOrOneOfMember(union: "two")
	F *int `json:"f,omitempty"`
}

// Discriminated has a conditional discriminator for a plain union, and a
// conditional mode discriminator.
type Discriminated struct {
	// +k8s:ifEnabled(X)=+k8s:unionDiscriminator
	Kind string `json:"kind"`
	// +k8s:unionMember
	G *int `json:"g,omitempty"`

	// +k8s:ifDisabled(X)=+k8s:modeDiscriminator
	Mode string `json:"mode"`
	// +k8s:ifMode("A")=+k8s:required
	H *int `json:"h,omitempty"`
}

// Dependent has malformed dependencies.
type Dependent struct {
	// +k8s:dependentRequired(5)
	// (two positional arguments: in testdata/err_tagvalues)
	// +k8s:dependentForbidden("i")
	I *int `json:"i,omitempty"`
	J *int `json:"j,omitempty"`
}

// Items has list items in unions with different wrapping tags.
type Items struct {
	// +k8s:listType=map
	// +k8s:listMapKey=name
	// +k8s:alpha=+k8s:item(name: "a")=+k8s:zeroOrOneOfMember
	// +k8s:item(name: "b")=+k8s:zeroOrOneOfMember
	List []Item `json:"list,omitempty"`

	// +k8s:listType=atomic
	NotAList *string `json:"notAList,omitempty"`
}

// Item is keyed by name.
type Item struct {
	Name string `json:"name"`
}
