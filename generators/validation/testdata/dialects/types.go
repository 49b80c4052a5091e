package dialects

// PortStatus is core/v1's.
type PortStatus struct {
	// The Kubernetes markers decide, as in the schema: optional.
	//
	// +optional
	// +kubebuilder:validation:Required
	// +kubebuilder:validation:Pattern=`^[A-Za-z]+$`
	// +kubebuilder:validation:MaxLength=8
	Error *string `json:"error,omitempty"`

	// +required
	// +kubebuilder:validation:Optional
	Port *int32 `json:"port"`

	// +listType=atomic
	SideEffects *string `json:"sideEffects,omitempty"`

	// +k8s:optional
	Nothing Nothing `json:"nothing,omitempty"`
}

// Nothing allows no value: it has no constants.
//
// +k8s:enum
type Nothing string
