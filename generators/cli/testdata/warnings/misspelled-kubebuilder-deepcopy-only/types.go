package misspelledkubebuilderdeepcopy

type Good struct {
	// +kubebuilder:validation:Minimun=1
	Count int32 `json:"count"`
}
