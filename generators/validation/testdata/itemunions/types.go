package itemunions

// Pipeline has unions over its lists' items.
type Pipeline struct {
	// Exactly one of the succeeded and failed tasks is present, and the
	// failed one, when present, says why.
	//
	// +k8s:listType=map
	// +k8s:listMapKey=name
	// +k8s:item(name: "succeeded")=+k8s:unionMember
	// +k8s:item(name: "failed")=+k8s:unionMember
	// +k8s:item(name: "failed")=+k8s:subfield(state)=+k8s:required
	Tasks []Task `json:"tasks"`

	// At most one speed.
	//
	// +k8s:listType=map
	// +k8s:listMapKey=name
	// +k8s:item(name: "fast")=+k8s:zeroOrOneOfMember
	// +k8s:item(name: "slow")=+k8s:zeroOrOneOfMember
	Speeds []Task `json:"speeds,omitempty"`

	Steps StepList `json:"steps,omitempty"`

	// Two named unions over items with two keys.
	//
	// +k8s:listType=map
	// +k8s:listMapKey=name
	// +k8s:listMapKey=port
	// +k8s:item(name: "https", port: 443)=+k8s:unionMember(union: "web")
	// +k8s:item(name: "http", port: 80)=+k8s:unionMember(union: "web")
	// +k8s:item(name: "ssh", port: 22)=+k8s:zeroOrOneOfMember(union: "admin")
	// +k8s:item(name: "telnet", port: 23)=+k8s:zeroOrOneOfMember(union: "admin")
	Ports []Port `json:"ports,omitempty"`
}

// Task is keyed by name.
type Task struct {
	Name  string `json:"name"`
	State string `json:"state,omitempty"`
}

// Port is keyed by name and port.
type Port struct {
	Name string `json:"name"`
	Port int32  `json:"port"`
}

// StepList is a list type whose items form a zero-or-one-of union,
// declared out of order.
//
// +k8s:listType=map
// +k8s:listMapKey=name
// +k8s:item(name: "c")=+k8s:zeroOrOneOfMember
// +k8s:item(name: "a")=+k8s:zeroOrOneOfMember
// +k8s:item(name: "b")=+k8s:zeroOrOneOfMember
type StepList []Step

// Step is keyed by name.
type Step struct {
	Name *string `json:"name"`
}
