package v1alpha1

import metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

// BeaconSpec defines the desired state of Beacon.
type BeaconSpec struct {
	// Light is the colour of the beacon's light.
	Light string `json:"light"`
}

// Beacon marks a hazard to the fleet. It has no resource markers: its
// names and scope are those of the v1 version.
//
// +kubebuilder:object:root=true
// +kubebuilder:metadata:annotations="fleet.example.com/served-since=v1alpha1"
type Beacon struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`

	Spec BeaconSpec `json:"spec"`
}

// BeaconList contains a list of Beacon.
//
// +kubebuilder:object:root=true
type BeaconList struct {
	metav1.TypeMeta `json:",inline"`
	metav1.ListMeta `json:"metadata,omitempty"`
	Items           []Beacon `json:"items"`
}
