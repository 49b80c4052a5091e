package misplacedkubebuilder

type Thing struct {
	// controller-gen reads these on a type only, and ignores them here.
	// +kubebuilder:resource:scope=Cluster
	// +kubebuilder:object:root=true
	Name string `json:"name"`

	// A space after the name's colon, as controller-gen reads it.
	// +kubebuilder:validation:XValidation: message="end must be greater than start",rule="self.end > self.start"
	Window Window `json:"window"`
}

type Window struct {
	Start int32 `json:"start"`
	End   int32 `json:"end"`
}
