package v1beta1

import metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

// ShipSpec defines the desired state of Ship.
type ShipSpec struct {
	// Class is the ship class.
	// +kubebuilder:validation:Enum=Frigate;Destroyer
	Class string `json:"class"`

	// Replicas is how many identical ships sail.
	// +optional
	Replicas *int32 `json:"replicas,omitempty"`
}

// ShipStatus defines the observed state of Ship.
type ShipStatus struct {
	// Replicas is how many ships sail.
	// +optional
	Replicas int32 `json:"replicas,omitempty"`
}

// Ship is a vessel of the fleet, as first released.
//
// +kubebuilder:object:root=true
// +kubebuilder:subresource:status
// +kubebuilder:resource:shortName=sh;shp,categories=fleet;all
// +kubebuilder:deprecatedversion:warning="fleet.example.com/v1beta1 Ship is deprecated; use fleet.example.com/v1"
// +kubebuilder:printcolumn:name="Class",type=string,JSONPath=`.spec.class`
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
