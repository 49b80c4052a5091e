package v1

import metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

// Gadget is namespaced, with a status: every verb and every convention.
//
// +genclient
// +kubebuilder:object:root=true
type Gadget struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`
	Spec              GadgetSpec   `json:"spec"`
	Status            GadgetStatus `json:"status,omitempty"`
}

type GadgetSpec struct {
	Size int32 `json:"size"`
}

type GadgetStatus struct {
	Ready bool `json:"ready"`
}

// +kubebuilder:object:root=true
type GadgetList struct {
	metav1.TypeMeta `json:",inline"`
	metav1.ListMeta `json:"metadata,omitempty"`
	Items           []Gadget `json:"items"`
}

// Cluster is cluster-scoped and has a status it does not serve.
//
// +genclient
// +genclient:nonNamespaced
// +genclient:noStatus
// +kubebuilder:object:root=true
type Cluster struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`
	Status            GadgetStatus `json:"status,omitempty"`
}

// +kubebuilder:object:root=true
type ClusterList struct {
	metav1.TypeMeta `json:",inline"`
	metav1.ListMeta `json:"metadata,omitempty"`
	Items           []Cluster `json:"items"`
}

// Reading is read-only: get, list and watch; no conventions that write.
//
// +genclient
// +genclient:readonly
// +kubebuilder:object:root=true
type Reading struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`
}

// +kubebuilder:object:root=true
type ReadingList struct {
	metav1.TypeMeta `json:",inline"`
	metav1.ListMeta `json:"metadata,omitempty"`
	Items           []Reading `json:"items"`
}

// Event takes only create and delete, and has no List type.
//
// +genclient
// +genclient:onlyVerbs=create,delete
// +resourceName=eventz
// +kubebuilder:object:root=true
type Event struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`
}

// Policy has every verb but deleteCollection and watch; its plural comes
// from the kind ("policies").
//
// +genclient
// +genclient:skipVerbs=deleteCollection,watch
// +kubebuilder:object:root=true
type Policy struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`
}

// +kubebuilder:object:root=true
type PolicyList struct {
	metav1.TypeMeta `json:",inline"`
	metav1.ListMeta `json:"metadata,omitempty"`
	Items           []Policy `json:"items"`
}

// Review has no verbs at all.
//
// +genclient
// +genclient:noVerbs
// +genclient:nonNamespaced
// +kubebuilder:object:root=true
type Review struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`
}

// Plain is not a client type.
type Plain struct {
	Name string `json:"name"`
}
