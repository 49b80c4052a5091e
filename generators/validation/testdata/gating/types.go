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

// Staged has enums whose check is alpha or beta.
type Staged struct {
	Alpha AlphaPhase `json:"alpha"`
	Beta  *BetaPhase `json:"beta,omitempty"`

	Sealed Sealed `json:"sealed"`
}

// Sealed is opaque: as in validation-gen, its fields are not validated.
//
// +k8s:opaqueType
type Sealed struct {
	// +k8s:maxLength=3
	Name string `json:"name"`
}

// AlphaPhase is an enum whose check is alpha.
//
// +k8s:alpha=+k8s:enum
type AlphaPhase string

// The values of AlphaPhase.
const (
	AlphaPhaseOn AlphaPhase = "On"
)

// BetaPhase is an enum whose check is beta.
//
// +k8s:beta=+k8s:enum
type BetaPhase string

// The values of BetaPhase.
const (
	BetaPhaseOn BetaPhase = "On"
)
