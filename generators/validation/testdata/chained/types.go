package chained

import metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

// Chained chains rules to subfields and list items.
type Chained struct {
	// +k8s:subfield(name)=+k8s:maxLength=3
	// +k8s:subfield(tags)=+k8s:maxItems=1
	Ref Ref `json:"ref"`

	// +k8s:subfield(name)=+k8s:required
	OptionalRef *Ref `json:"optionalRef,omitempty"`

	// +k8s:subfield(labels)=+k8s:eachKey=+k8s:format=k8s-short-name
	Meta metav1.ObjectMeta `json:"meta"`

	// +k8s:listType=map
	// +k8s:listMapKey=kind
	// +k8s:listMapKey=port
	// +k8s:item(kind: "TCP", port: 80)=+k8s:subfield(name)=+k8s:required
	// +k8s:item(kind: "UDP", port: 53)=+k8s:immutable
	Ports []Port `json:"ports,omitempty"`
}

// Ref names something.
type Ref struct {
	Name string   `json:"name"`
	Tags []string `json:"tags,omitempty"`
}

// Port is keyed by kind and port.
type Port struct {
	Kind string `json:"kind"`
	Port int    `json:"port"`
	Name string `json:"name,omitempty"`
}

// Grouped chains list semantics to a list whose items have rules of their
// own: the chain checks what it says, and Group's validation the items,
// once.
type Grouped struct {
	// +k8s:subfield(items)=+k8s:listType=map
	// +k8s:subfield(items)=+k8s:listMapKey=name
	Group Group `json:"group"`
}

// Group has a list of members.
type Group struct {
	Items []Member `json:"items,omitempty"`
}

// Member has a rule.
type Member struct {
	// +k8s:maxLength=3
	Name string `json:"name"`
}

// OpaqueMeta embeds ObjectMeta +k8s:opaqueType: no metadata rules, only
// what is chained to it.
type OpaqueMeta struct {
	metav1.TypeMeta `json:",inline"`
	// +k8s:opaqueType
	// +k8s:subfield(finalizers)=+k8s:listType=set
	metav1.ObjectMeta `json:"metadata,omitempty"`
}
