package v1

import metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

// BeaconSpec defines the desired state of Beacon.
type BeaconSpec struct {
	// Light is the colour of the beacon's light.
	// +kubebuilder:validation:Enum=Red;Green;White
	Light string `json:"light"`
	// PeriodSeconds is how often the beacon flashes.
	// +kubebuilder:validation:Minimum=1
	// +optional
	PeriodSeconds int32 `json:"periodSeconds,omitempty"`

	// ChartName is the beacon's name on the chart.
	// +k8s:required
	ChartName string `json:"chartName"`
	// Code is the beacon's Morse code.
	// +k8s:required
	// +kubebuilder:validation:MinLength=2
	Code string `json:"code"`
	// Sectors the beacon lights.
	// +k8s:required
	Sectors []string `json:"sectors"`
	// Tags of the beacon.
	// +k8s:required
	Tags map[string]string `json:"tags"`
	// Checksum of the beacon's firmware.
	// +k8s:required
	Checksum []byte `json:"checksum"`
	// Keeper looks after the beacon.
	// +k8s:required
	Keeper *Keeper `json:"keeper"`
}

// Keeper looks after a beacon.
type Keeper struct {
	// Name of the keeper.
	// +optional
	Name string `json:"name,omitempty"`
}

// Beacon marks a hazard to the fleet. Its names and scope are given here
// only: the v1alpha1 version, without resource markers, takes them. Its CRD
// metadata comes from several markers, of both versions.
//
// +kubebuilder:object:root=true
// +kubebuilder:storageversion
// +kubebuilder:resource:scope=Cluster,shortName=bcn;bn,categories=fleet;navigation,singular=beacon
// +kubebuilder:metadata:labels="fleet.example.com/policy=Direct"
// +kubebuilder:metadata:annotations="fleet.example.com/owner=harbour-master"
// +kubebuilder:metadata:labels="fleet.example.com/tier=edge"
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
