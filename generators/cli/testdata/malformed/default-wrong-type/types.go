package defaultwrongtype

type Thing struct {
	// +optional
	// +kubebuilder:default=3
	Name string `json:"name,omitempty"`
	// +optional
	// +kubebuilder:default=yes
	Enabled *bool `json:"enabled,omitempty"`
	// +optional
	// +kubebuilder:default=1.5
	Count *int32 `json:"count,omitempty"`
}
