package kubebuilderjson

// Spec has a field of each shape.
type Spec struct {
	// A nil pointer is absent from the JSON, so unchecked.
	// +kubebuilder:validation:MinItems=1
	// +kubebuilder:validation:MaxItems=2
	// +optional
	Hosts *[]string `json:"hosts,omitempty"`

	// The JSON value is the base64 encoding: 4 characters per 3 bytes.
	// +kubebuilder:validation:MinLength=4
	// +kubebuilder:validation:MaxLength=8
	Data []byte `json:"data"`

	// +kubebuilder:validation:Enum=301;302;308
	// +optional
	StatusCode *int `json:"statusCode,omitempty"`

	// +kubebuilder:validation:Enum=0.5;1;2
	Weight float64 `json:"weight"`

	// How many of its fields the JSON encoding writes depends on its tags:
	// enforced by the CRD schema only.
	// +kubebuilder:validation:MinProperties=1
	// +kubebuilder:validation:MaxProperties=2
	Limits Limits `json:"limits,omitempty,omitzero"`

	// +kubebuilder:validation:MinProperties=1
	// +optional
	Extra *Limits `json:"extra,omitempty"`

	// +optional
	Token Token `json:"token,omitempty,omitzero"`

	// Items of a named list type are validated by its function.
	// +optional
	Mounts []Mount `json:"mounts,omitempty"`
}

// Mount is a list type with its own rules, as in cluster-api.
// +kubebuilder:validation:MaxItems=2
type Mount []string

// Limits is a JSON object.
type Limits struct {
	CPU    string `json:"cpu,omitempty"`
	Memory string `json:"memory,omitempty"`
}

// Token marshals itself as a string: its length is the CRD schema's to
// check.
//
// +kubebuilder:validation:Type=string
// +kubebuilder:validation:MinLength=1
// +kubebuilder:validation:MaxLength=23
type Token struct {
	ID     string `json:"-"`
	Secret string `json:"-"`
}

// MarshalJSON writes the token as "id.secret".
func (t Token) MarshalJSON() ([]byte, error) {
	return []byte(`"` + t.ID + "." + t.Secret + `"`), nil
}
