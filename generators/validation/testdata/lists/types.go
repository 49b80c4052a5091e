package lists

// Lists has one field per list semantic.
type Lists struct {
	// +k8s:listType=set
	Set []string `json:"set,omitempty"`

	// +listType=map
	// +listMapKey=kind
	// +listMapKey=port
	Ports []Port `json:"ports,omitempty"`

	// +k8s:listType=map
	// +k8s:listMapKey=id
	ByPointer []PointerKeyed `json:"byPointer,omitempty"`

	// +k8s:listType=atomic
	// +k8s:unique=map
	// +k8s:listMapKey=kind
	UniqueMap []Port `json:"uniqueMap,omitempty"`

	// +k8s:unique=set
	UniqueSet []int `json:"uniqueSet,omitempty"`

	// +k8s:listType=set
	// +k8s:customUnique
	Custom []string `json:"custom,omitempty"`

	// +kubebuilder:validation:UniqueItems=true
	Unique []Port `json:"unique"`
}

// Port is keyed by two fields.
type Port struct {
	Kind string `json:"kind"`
	Port int32  `json:"port"`
	// +k8s:maxLength=5
	Name string `json:"name,omitempty"`
}

// PointerKeyed has a pointer key.
type PointerKeyed struct {
	ID *string `json:"id"`
	// +k8s:minimum=0
	Size int `json:"size"`
}
