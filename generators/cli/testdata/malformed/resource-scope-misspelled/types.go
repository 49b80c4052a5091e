package resourcescope

// +kubebuilder:resource:scope=Clustered,shortNames=th
type Thing struct {
	Name string `json:"name"`
}
