// Package errenumexclude misuses +k8s:enumExclude.
//
// +k8s:validation-gen=*
package errenumexclude

// Plain is not an enum.
type Plain string

// +k8s:enumExclude
const PlainA Plain = "a"

// E is an enum.
//
// +k8s:enum
type E string

// The values of E.
const (
	// +k8s:ifEnabled(F)=+k8s:required
	EA E = "a"
	// +k8s:required
	EB E = "b"
	// +k8s:enumExclude=yes
	EC E = "c"
	// +k8s:enumExlude
	ED E = "d"
	// +k8s:ifDisabled=+k8s:enumExclude
	EE E = "e"
	// +k8s:openapi-gen=false
	// +k8s:ifEnabled(F)=+k8s:enumExclude
	EF E = "f"
)

// T uses the tag on fields.
type T struct {
	// +k8s:eachVal=+k8s:enumExclude
	L []E `json:"l"`
	// +k8s:ifEnabled(F)=+k8s:enumExclude
	F E `json:"f"`
}
