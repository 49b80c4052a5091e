package validationcontradiction

type Spec struct {
	// +k8s:minimum=3
	// +kubebuilder:validation:Minimum=5
	Replicas int32 `json:"replicas"`
	// +required
	// +optional
	Name string `json:"name"`
}
