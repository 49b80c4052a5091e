package v1

import metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

type Gadget struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`
	Spec              GadgetSpec   `json:"spec"`
	Status            GadgetStatus `json:"status"`
}

type GadgetList struct {
	metav1.TypeMeta `json:",inline"`
	metav1.ListMeta `json:"metadata,omitempty"`
	Items           []Gadget `json:"items"`
}

type GadgetSpec struct {
	Replicas *int32            `json:"replicas,omitempty"`
	Labels   map[string]string `json:"labels,omitempty"`
	Parts    []Part            `json:"parts,omitempty"`
	Color    Color             `json:"color,omitempty"`
}

type Color string

type Part struct {
	Name  string `json:"name"`
	Count int64  `json:"count"`
}

type GadgetStatus struct {
	Ready bool `json:"ready"`
}
