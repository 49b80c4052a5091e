package subfieldunions

// Struct names the members of its fields' unions.
type Struct struct {
	// As validation-gen's output_tests/tags/subfield/unions.
	//
	// +k8s:subfield(d)=+k8s:unionDiscriminator
	// +k8s:subfield(m1)=+k8s:unionMember
	// +k8s:subfield(m2)=+k8s:unionMember
	Subfield SubStruct `json:"subfield"`

	// As output_tests/tags/levels/subfields, through a pointer.
	//
	// +k8s:alpha=+k8s:subfield(z1)=+k8s:zeroOrOneOfMember
	// +k8s:alpha=+k8s:subfield(z2)=+k8s:zeroOrOneOfMember
	// +k8s:subfield(z1)=+k8s:maximum=5
	// +k8s:subfield(z1)=+k8s:dependentRequired(d)
	UnionField *SubUnion `json:"unionField,omitempty"`

	// +k8s:subfield(mode)=+k8s:modeDiscriminator
	// +k8s:subfield(a)=+k8s:ifMode("A")=+k8s:required
	Modal Modal `json:"modal"`
}

// SubStruct has no tags of its own.
type SubStruct struct {
	D  string `json:"d"`
	M1 *int   `json:"m1,omitempty"`
	M2 *int   `json:"m2,omitempty"`
}

// SubUnion has no tags of its own.
type SubUnion struct {
	Z1 *int  `json:"z1"`
	Z2 *int  `json:"z2"`
	D  *bool `json:"d"`
}

// Modal has no tags of its own.
type Modal struct {
	Mode string  `json:"mode"`
	A    *string `json:"a,omitempty"`
}
