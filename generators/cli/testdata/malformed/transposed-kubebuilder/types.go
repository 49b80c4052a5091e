package transposedkubebuilder

type Thing struct {
	// +kubebuilder:validation:MaxLenght=63
	Name string `json:"name"`
	// +kubebuilder:validation:maxItems=3
	Tags []string `json:"tags"`
}
