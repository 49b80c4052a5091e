package updates

// Updates has one field per update rule.
type Updates struct {
	// +k8s:immutable
	Immutable string `json:"immutable,omitempty"`

	// +k8s:update=NoSet
	NoSet *string `json:"noSet,omitempty"`

	// +k8s:update=NoUnset
	// +k8s:update=NoModify
	SetOnce string `json:"setOnce,omitempty"`

	// +k8s:monotonic
	Counter *int64 `json:"counter,omitempty"`

	// +k8s:listType=map
	// +k8s:listMapKey=name
	// +k8s:update=NoAddItem
	// +k8s:update=NoRemoveItem
	Frozen []Entry `json:"frozen,omitempty"`

	// +k8s:update=NoRemoveItem
	Keep map[string]string `json:"keep,omitempty"`

	// +k8s:listType=map
	// +k8s:listMapKey=name
	// +k8s:eachVal=+k8s:immutable
	Items []Entry `json:"items,omitempty"`
}

// Entry is a list-map item.
type Entry struct {
	Name  string `json:"name"`
	Value string `json:"value,omitempty"`
}
