package v1

import metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

// Frigate is cluster-scoped, with a status: a root.
//
// +kubebuilder:object:root=true
// +kubebuilder:resource:scope=Cluster
// +kubebuilder:subresource:status
type Frigate struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`
	Spec              FrigateSpec   `json:"spec,omitempty"`
	Status            FrigateStatus `json:"status,omitempty"`
}

// FrigateSpec is reached from Frigate.
type FrigateSpec struct {
	Crew  int32   `json:"crew,omitempty"`
	Ports *[]Port `json:"ports,omitempty"`
}

// Port is reached from FrigateSpec and Dinghy.
type Port struct {
	Name string `json:"name"`
}

// FrigateStatus is the observed state.
type FrigateStatus struct {
	// +listType=map
	// +listMapKey=type
	Conditions []metav1.Condition `json:"conditions,omitempty"`
}

// +kubebuilder:object:root=true
type FrigateList struct {
	metav1.TypeMeta `json:",inline"`
	metav1.ListMeta `json:"metadata,omitempty"`
	Items           []Frigate `json:"items"`
}

// Destroyer is a resource opted out: no apply configuration.
//
// +kubebuilder:object:root=true
// +kubebuilder:resource
// +kubebuilder:ac:generate=false
type Destroyer struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`
	Guns              int32 `json:"guns"`
}

// Cruiser has no resource marker, but is opted in: a namespaced root.
//
// +kubebuilder:object:root=true
// +kubebuilder:ac:generate=true
type Cruiser struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`
	Spec              FrigateSpec `json:"spec,omitempty"`
}

// +kubebuilder:object:root=true
type CruiserList struct {
	metav1.TypeMeta `json:",inline"`
	metav1.ListMeta `json:"metadata,omitempty"`
	Items           []Cruiser `json:"items"`
}

// Boat is a root object without a resource marker: no apply configuration.
//
// +kubebuilder:object:root=true
type Boat struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`
	Oars              int32 `json:"oars"`
}

// Dinghy is opted in but has no ObjectMeta: as controller-gen does, it
// gets no apply configuration (a warning says so), though Port, which it
// reaches, does.
//
// +kubebuilder:ac:generate=true
type Dinghy struct {
	Size Port `json:"size"`
}
