package v1alpha1

import metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

// Ship is a vessel of the fleet, as first sketched; left out of the CRD.
//
// +kubebuilder:object:root=true
// +kubebuilder:skipversion
type Ship struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`

	// Name of the ship.
	Name string `json:"name"`
}

// ShipList contains a list of Ship.
//
// +kubebuilder:object:root=true
type ShipList struct {
	metav1.TypeMeta `json:",inline"`
	metav1.ListMeta `json:"metadata,omitempty"`
	Items           []Ship `json:"items"`
}
