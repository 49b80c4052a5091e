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
