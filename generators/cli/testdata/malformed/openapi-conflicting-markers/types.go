package conflicting

// Thing has markers that contradict each other.
type Thing struct {
	// Name is both.
	// +optional
	// +required
	Name string `json:"name"`
	// Items disagree with their struct tags.
	// +optional
	// +listType=map
	// +listMapKey=name
	// +patchStrategy=merge
	// +patchMergeKey=name
	Items []Item `json:"items,omitempty" patchStrategy:"replace" patchMergeKey:"name"`
	// Size has two maximum lengths.
	// +optional
	// +kubebuilder:validation:MaxLength=5
	// +kubebuilder:validation:MaxLength=6
	Size string `json:"size,omitempty"`
	// Count cannot have a length.
	// +optional
	// +kubebuilder:validation:MaxLength=5
	Count int32 `json:"count,omitempty"`
}

// Item is keyed by name.
type Item struct {
	// Name keys it.
	Name string `json:"name"`
}
