// Package errcontradictions has markers that disagree.
//
// +k8s:validation-gen=*
package errcontradictions

// T has contradicting markers.
type T struct {
	// +k8s:minimum=3
	// +kubebuilder:validation:Minimum=5
	A int `json:"a"`

	// +k8s:required
	// +optional
	B *int `json:"b"`

	// +kubebuilder:validation:Required
	// +k8s:forbidden
	C string `json:"c"`

	// +k8s:minLength=5
	// +k8s:maxLength=4
	D string `json:"d"`

	// +k8s:minimum=3
	// +kubebuilder:validation:Minimum=3
	// +kubebuilder:validation:ExclusiveMinimum=true
	E int `json:"e"`

	// +kubebuilder:validation:ExclusiveMaximum=true
	F int `json:"f"`

	// Agreeing markers are one rule.
	// +k8s:maxItems=2
	// +kubebuilder:validation:MaxItems=2
	G []int `json:"g"`

	// +listType=map
	// +k8s:listType=set
	H []string `json:"h"`
}
