package v1

import metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

// Person is cluster-scoped, with short names, categories and /status; its
// plural is not the guess from the kind ("persons").
//
// +kubebuilder:object:root=true
// +kubebuilder:resource:scope=Cluster,shortName=ppl,categories={all,humans}
// +kubebuilder:subresource:status
type Person struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`
	Status            PersonStatus `json:"status,omitempty"`
}

// PersonStatus is the status.
type PersonStatus struct {
	Ready bool `json:"ready,omitempty"`
}

// PersonList is a list of Person.
//
// +kubebuilder:object:root=true
type PersonList struct {
	metav1.TypeMeta `json:",inline"`
	metav1.ListMeta `json:"metadata,omitempty"`
	Items           []Person `json:"items"`
}

// Mouse is a namespaced +genclient kind with the layer's defaults.
//
// +genclient
// +k8s:deepcopy-gen:interfaces=k8s.io/apimachinery/pkg/runtime.Object
type Mouse struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`
}

// +k8s:deepcopy-gen:interfaces=k8s.io/apimachinery/pkg/runtime.Object
type MouseList struct {
	metav1.TypeMeta `json:",inline"`
	metav1.ListMeta `json:"metadata,omitempty"`
	Items           []Mouse `json:"items"`
}
