package v2

import metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

// Armament is one weapon system.
type Armament struct {
	// Name of the system.
	Name string `json:"name"`
	// Count of mounts.
	// +kubebuilder:validation:Minimum=1
	Count int32 `json:"count"`
}

// ShipSpec defines the desired state of Ship.
type ShipSpec struct {
	// Class is the ship class.
	// +kubebuilder:validation:Enum=Frigate;Destroyer;Carrier;Submarine
	Class string `json:"class"`

	// Replicas is how many identical ships sail.
	// +optional
	Replicas *int32 `json:"replicas,omitempty"`

	// Armaments are kept in order.
	// +listType=atomic
	// +optional
	Armaments []Armament `json:"armaments,omitempty"`
}

// ShipStatus defines the observed state of Ship.
type ShipStatus struct {
	// Replicas is how many ships sail.
	// +optional
	Replicas int32 `json:"replicas,omitempty"`
}

// Ship is a vessel of the fleet, in its next version; not served yet.
//
// +kubebuilder:object:root=true
// +kubebuilder:subresource:status
// +kubebuilder:resource:shortName=sh;shp,categories=fleet;all
// +kubebuilder:unservedversion
type Ship struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`

	Spec   ShipSpec   `json:"spec,omitempty"`
	Status ShipStatus `json:"status,omitempty"`
}

// ShipList contains a list of Ship.
//
// +kubebuilder:object:root=true
type ShipList struct {
	metav1.TypeMeta `json:",inline"`
	metav1.ListMeta `json:"metadata,omitempty"`
	Items           []Ship `json:"items"`
}
