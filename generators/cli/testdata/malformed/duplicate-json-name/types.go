package duplicatejsonname

type Thing struct {
	Name  string `json:"name"`
	Title string `json:"name"`
	Inner `json:",inline"`
	// +optional
	// +kubebuilder:validation:Required
	Size *int32 `json:"size,omitempty"`
}

type Inner struct {
	Name string `json:"name"`
	Kind string `json:"kind"`
}
