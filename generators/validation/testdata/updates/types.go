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

	// The update rule is a short-circuit, as the optional one is: clearing
	// the value is reported, though an unset optional value checks nothing
	// else.
	//
	// +k8s:optional
	// +k8s:minimum=0
	// +k8s:update=NoUnset
	// +k8s:monotonic
	Generation int `json:"generation,omitempty"`

	// The chain runs the immutable rule of Locked.Value first, silently,
	// and not at all when it fails.
	//
	// +k8s:subfield(value)=+k8s:maxLength=3
	Locked Locked `json:"locked"`
}

// Locked has an immutable field.
type Locked struct {
	// +k8s:immutable
	Value string `json:"value"`
}

// Entry is a list-map item.
type Entry struct {
	Name  string `json:"name"`
	Value string `json:"value,omitempty"`
}
