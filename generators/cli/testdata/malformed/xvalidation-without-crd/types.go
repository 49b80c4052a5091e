package xvalidationwithoutcrd

// Thing writes no CRD, yet its rules must compile and name its fields.
//
// +kubebuilder:validation:XValidation:rule="self.size > ",message="does not parse"
// +kubebuilder:validation:XValidation:rule="self.sizes > 1 && has(self.name)",message="no such field"
// +kubebuilder:validation:XValidation:rule="self.size >= 0 && self.name != ''",message="fine"
type Thing struct {
	Size int32  `json:"size"`
	Name string `json:"name"`
	// +kubebuilder:validation:XValidation:rule="self.replicas > 0",message="no such field in Inner"
	Inner Inner `json:"inner"`
}

type Inner struct {
	Count int32 `json:"count"`
}
