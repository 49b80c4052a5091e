// Package warn_intbounds has integer fields with bounds kube-openapi
// refuses (TestIntegerBoundsTheAPIServerRefusesAreWarned).
//
// +k8s:validation-gen=*
package warn_intbounds

// Spec has one such bound per keyword, and one that fits.
type Spec struct {
	// +kubebuilder:validation:Minimum=2.5
	Fraction int `json:"fraction"`
	// +kubebuilder:validation:Maximum=10000000000
	TooBig int32 `json:"tooBig"`
	// +kubebuilder:validation:MultipleOf=0.5
	Half int64 `json:"half"`
	// +kubebuilder:validation:Minimum=1
	Fits int32 `json:"fits"`
}
