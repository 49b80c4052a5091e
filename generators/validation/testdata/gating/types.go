package gating

// Gated has one field per wrapper.
type Gated struct {
	// +k8s:alpha(since: "1.35")=+k8s:maxLength=3
	Alpha string `json:"alpha,omitempty"`

	// +k8s:beta=+k8s:minimum=10
	Beta int `json:"beta,omitempty"`

	// +k8s:ifEnabled(StrictNames)=+k8s:format=k8s-short-name
	// +k8s:ifDisabled(StrictNames)=+k8s:maxLength=20
	Name string `json:"name,omitempty"`

	// +k8s:neq="forbidden"
	NotThis string `json:"notThis,omitempty"`

	// +k8s:neq=0
	NotZero int `json:"notZero"`

	// +k8s:eachVal=+k8s:eachVal=+k8s:maxLength=2
	Matrix [][]string `json:"matrix,omitempty"`

	// +k8s:eachKey=+k8s:maxLength=3
	// +k8s:eachVal=+k8s:minimum=1
	Counts map[string]int `json:"counts,omitempty"`

	// +k8s:opaqueType
	Opaque Inner `json:"opaque"`

	Inner Inner `json:"inner"`
}

// Inner has a rule.
type Inner struct {
	// +k8s:required
	Value string `json:"value"`
}
