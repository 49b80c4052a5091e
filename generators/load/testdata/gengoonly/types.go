package gengoonly

type T struct {
	A string `json:"a"` // +kubebuilder:validation:Minimun=1
	B string `json:"b"`

	// +kubebuilder:validation:Minimun=2
	C string `json:"c"`
}
