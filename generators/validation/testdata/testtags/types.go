package testtags

// T has one field per use of the tags.
type T struct {
	// +k8s:validateFalse="field T.S"
	S string `json:"s"`

	// +k8s:validateFalse
	NoMessage int `json:"noMessage"`

	// +k8s:validateTrue="never fails"
	// +k8s:validateTrueAlpha="alpha"
	// +k8s:validateTrueBeta="beta"
	Passes string `json:"passes"`

	// +k8s:validateFalse="second"
	// +k8s:validateFalse(flags: "ShortCircuit")="first"
	Short string `json:"short"`

	// +k8s:validateFalse(flags: "NonError")="ignored"
	// +k8s:validateFalse="counted"
	NonError string `json:"nonError"`

	// +k8s:validateFalse(flags: "ShortCircuit, NonError")="stops silently"
	// +k8s:validateFalse="skipped"
	Silent string `json:"silent"`

	// +k8s:validateFalse(cohort: "c2")="c2"
	// +k8s:validateFalse(cohort: "c1", flags: "ShortCircuit")="c1 first"
	// +k8s:validateFalse(cohort: "c1")="c1 skipped"
	// +k8s:validateFalse="default"
	Cohorts string `json:"cohorts"`

	// +k8s:validateFalse(typeArg: "int")="typed"
	Typed int `json:"typed"`

	// +k8s:validateTrue(typeArg: "github.com/metagen-dev/metagen/generators/validation/testdata/testtags.Name")="local type"
	Named Name `json:"named"`

	// +k8s:eachVal=+k8s:validateFalse="item"
	Items []string `json:"items"`

	// +k8s:eachKey=+k8s:validateFalse="key"
	Keys map[string]int `json:"keys"`

	// +k8s:alpha=+k8s:validateFalse="alpha"
	Alpha string `json:"alpha"`

	// +k8s:ifEnabled(Strict)=+k8s:validateFalse="strict"
	Gated string `json:"gated"`
}

// Name fails wherever it is used.
//
// +k8s:validateFalse="type Name"
type Name string
