package ptrlists

// Lists holds lists of pointers.
type Lists struct {
	// +k8s:listType=map
	// +k8s:listMapKey=name
	// +k8s:item(name: "a")=+k8s:immutable
	// +k8s:item(name: "b")=+k8s:subfield(value)=+k8s:maximum=5
	// +k8s:item(name: "a")=+k8s:zeroOrOneOfMember
	// +k8s:item(name: "c")=+k8s:zeroOrOneOfMember
	// +k8s:eachVal=+k8s:subfield(value)=+k8s:minimum=0
	Items []*Item `json:"items,omitempty"`

	// +k8s:listType=set
	Names []*string `json:"names,omitempty"`

	// +listType=map
	// +listMapKey=name
	// +k8s:item(name: "main")=+k8s:subfield(extra)=+k8s:required
	Containers []Container `json:"containers,omitempty"`
}

// Item is keyed by name.
type Item struct {
	Name  string `json:"name"`
	Value int    `json:"value"`
}

// Common is inlined into Container, as EphemeralContainerCommon is into
// EphemeralContainer.
type Common struct {
	Name  string `json:"name"`
	Image string `json:"image,omitempty"`
}

// Container gets its key from Common.
type Container struct {
	Common `json:",inline"`
	Extra  string `json:"extra,omitempty"`
}
