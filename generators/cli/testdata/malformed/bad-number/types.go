package badnumber

type Good struct {
	// +kubebuilder:validation:Maximum=ten
	Count int32 `json:"count"`
}
