package v1

import (
	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
)

// Tide is the state of the tide.
// +k8s:enum
type Tide string

const (
	// TideHigh is high water.
	TideHigh Tide = "High"
	// TideLow is low water.
	TideLow Tide = "Low"
)

// Coordinates place something on the chart.
type Coordinates struct {
	// Latitude in degrees, as a decimal string.
	// +kubebuilder:validation:Pattern=`^-?[0-9]+(\.[0-9]+)?$`
	Latitude string `json:"latitude"`
	// Longitude in degrees, as a decimal string.
	// +kubebuilder:validation:Pattern=`^-?[0-9]+(\.[0-9]+)?$`
	Longitude string `json:"longitude"`
}

// Location is where a harbor lies.
type Location struct {
	// Markers in controller-gen's other spellings: "+name:=value", and a
	// marker after a tab.

	// Country code.
	// +kubebuilder:validation:MinLength:=2
	//	+kubebuilder:validation:MaxLength=2
	Country string `json:"country"`
	// Coordinates on the chart.
	// +optional
	Coordinates *Coordinates `json:"coordinates,omitempty"`
}

// HarborSpec defines the desired state of Harbor.
type HarborSpec struct {
	// Location is inlined into the spec.
	Location `json:",inline"`

	// Berths is how many ships can moor.
	// +kubebuilder:validation:Minimum:=1
	Berths int32 `json:"berths"`

	// Tide is the tide the harbor opens at.
	// +optional
	Tide Tide `json:"tide,omitempty"`

	// Approaches are the routes into the harbor, each a list of waypoints.
	// +optional
	Approaches [][]Coordinates `json:"approaches,omitempty"`

	// Pilots are the pilots by name, each with their boats.
	// +optional
	Pilots map[string][]string `json:"pilots,omitempty"`

	// HarbormasterRef points to the harbormaster's config map.
	// +optional
	HarbormasterRef *corev1.ObjectReference `json:"harbormasterRef,omitempty"`

	// Tolerations of the harbor's workloads.
	// +optional
	Tolerations []corev1.Toleration `json:"tolerations,omitempty"`
}

// HarborStatus defines the observed state of Harbor.
type HarborStatus struct {
	// Moored is how many ships are moored.
	// +optional
	Moored int32 `json:"moored,omitempty"`

	// Conditions of the harbor.
	// +listType:=map
	// +listMapKey:=type
	// +optional
	Conditions []metav1.Condition `json:"conditions,omitempty"`
}

// Harbor is where ships moor. It is cluster-scoped.
//
// +kubebuilder:object:root=true
// +kubebuilder:resource:scope=Cluster,path=harbours,singular=harbour,shortName=hb,categories=fleet
// +kubebuilder:subresource:status
// +kubebuilder:printcolumn:name="Berths",type=integer,format=int32,JSONPath=`.spec.berths`
// +kubebuilder:printcolumn:name="Country",type=string,JSONPath=`.spec.country`,priority=1
// +metagen:name-format=dns-label
type Harbor struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`

	// Spec is the desired state.
	Spec HarborSpec `json:"spec,omitempty"`
	// Status is the observed state.
	Status HarborStatus `json:"status,omitempty"`
}

// HarborList contains a list of Harbor.
//
// +kubebuilder:object:root=true
type HarborList struct {
	metav1.TypeMeta `json:",inline"`
	metav1.ListMeta `json:"metadata,omitempty"`
	Items           []Harbor `json:"items"`
}
