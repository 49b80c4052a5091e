package errtagvalues

// Bad has tags with bad values.
type Bad struct {
	// +k8s:dependentRequired("j", "k")
	// +k8s:optional
	I *int `json:"i,omitempty"`
	// +k8s:maxLength=-1
	// +k8s:optional
	J *string `json:"j,omitempty"`
	// +k8s:eachVal=+k8s:maxLength=many
	// +k8s:optional
	K []string `json:"k,omitempty"`
	// +k8s:minimum=1.5
	// +k8s:optional
	L *int `json:"l,omitempty"`
	// +k8s:optional
	// +k8s:ifEnabled(G)=+k8s:minItems=-2
	M []string `json:"m,omitempty"`
}
