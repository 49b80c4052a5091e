// Package errwrappedmarkers has schema markers that contradict wrapped
// tags.
//
// +k8s:validation-gen=*
package errwrappedmarkers

// T has contradicting markers and tags.
type T struct {
	// A stability level marks the errors; the value is still required.
	// +optional
	// +k8s:beta=+k8s:required
	A *int `json:"a,omitempty"`

	// +k8s:alpha(since: "1.37")=+k8s:required
	// +optional
	B *int `json:"b,omitempty"`

	// +kubebuilder:validation:Required
	// +k8s:beta=+k8s:forbidden
	C *int `json:"c,omitempty"`

	// +kubebuilder:validation:MaxLength=6
	// +k8s:alpha=+k8s:maxLength=5
	D string `json:"d,omitempty"`

	// The marker holds whatever the option: it must be each tag's bound.
	// +k8s:beta=+k8s:ifEnabled(ScaleToZero)=+k8s:minimum=0
	// +k8s:beta=+k8s:ifDisabled(ScaleToZero)=+k8s:minimum=1
	// +kubebuilder:validation:Minimum=1
	E int32 `json:"e,omitempty"`

	// +kubebuilder:validation:Minimum=1
	// +kubebuilder:validation:ExclusiveMinimum=true
	// +k8s:beta=+k8s:minimum=1
	F int32 `json:"f,omitempty"`

	// +listType=atomic
	// +kubebuilder:validation:items:MaxLength=4
	// +k8s:eachVal=+k8s:beta=+k8s:maxLength=3
	G []string `json:"g,omitempty"`

	// Two markers still contradict each other.
	// +required
	// +optional
	// +k8s:ifEnabled(X)=+k8s:optional
	H *int `json:"h,omitempty"`

	// Accepted: a presence tag under an option contradicts no marker.
	// +required
	// +k8s:ifDisabled(X)=+k8s:forbidden
	I *int `json:"i,omitempty"`
}
