package presence

// Presence has one field per presence rule and kind of value.
type Presence struct {
	// +k8s:required
	RequiredValue string `json:"requiredValue"`
	// +k8s:required
	RequiredPointer *int `json:"requiredPointer"`
	// +k8s:required
	RequiredSlice []string `json:"requiredSlice"`
	// +k8s:required
	RequiredMap map[string]int `json:"requiredMap"`

	// +required
	PlainRequired string `json:"plainRequired"`
	// +kubebuilder:validation:Required
	KubebuilderRequired *bool `json:"kubebuilderRequired"`

	// +k8s:optional
	// +k8s:maxLength=3
	OptionalValue string `json:"optionalValue,omitempty"`
	// +optional
	// +k8s:minimum=1
	OptionalPointer *int `json:"optionalPointer,omitempty"`
	// +k8s:optional
	// +k8s:minItems=2
	OptionalSlice []string `json:"optionalSlice,omitempty"`

	// +k8s:forbidden
	ForbiddenValue string `json:"forbiddenValue,omitempty"`
	// +k8s:forbidden
	ForbiddenPointer *string `json:"forbiddenPointer,omitempty"`
	// +k8s:forbidden
	ForbiddenMap map[string]string `json:"forbiddenMap,omitempty"`

	// An optional field with a non-zero default is required to the server.
	// +k8s:optional
	// +default="auto"
	Defaulted string `json:"defaulted,omitempty"`

	// Optional with a zero default is documentation only.
	// +k8s:optional
	// +default=0
	// +k8s:maximum=5
	ZeroDefault int `json:"zeroDefault,omitempty"`
}
