package kubebuilder

// Spec is validated by kubebuilder markers only.
type Spec struct {
	// +kubebuilder:validation:Minimum=1
	// +kubebuilder:validation:Maximum=10
	Count int32 `json:"count"`

	// Omitted when zero: the schema never sees a zero value.
	// +kubebuilder:validation:Minimum=1
	// +optional
	OptionalCount int32 `json:"optionalCount,omitempty"`

	// +kubebuilder:validation:Minimum=0
	// +kubebuilder:validation:ExclusiveMinimum=true
	// +kubebuilder:validation:Maximum=1.5
	// +kubebuilder:validation:ExclusiveMaximum=true
	Ratio float64 `json:"ratio"`

	// +kubebuilder:validation:MultipleOf=5
	Step int `json:"step"`

	// +kubebuilder:validation:MinLength=2
	// +kubebuilder:validation:MaxLength=5
	// +kubebuilder:validation:Pattern=`^[a-z]+$`
	Code string `json:"code"`

	// +kubebuilder:validation:Format=email
	Email string `json:"email,omitempty"`

	// +kubebuilder:validation:Enum=fast;slow;"very slow"
	Speed string `json:"speed"`

	// +kubebuilder:validation:MinItems=1
	// +kubebuilder:validation:MaxItems=3
	// +kubebuilder:validation:UniqueItems=true
	// +kubebuilder:validation:items:MaxLength=4
	// +kubebuilder:validation:items:Pattern=`^[a-z]*$`
	Tags []string `json:"tags"`

	// +kubebuilder:validation:MinProperties=1
	// +kubebuilder:validation:MaxProperties=2
	Env map[string]string `json:"env"`

	// +kubebuilder:validation:Required
	// +kubebuilder:validation:MinLength=1
	Owner *string `json:"owner,omitempty"`

	// +kubebuilder:validation:XValidation:rule="self.size() > 0",message="needs something"
	Note string `json:"note,omitempty"`
}
