package withoutgroup

import metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

// Sheep is a root type in a package without a group (its bad markers are
// in crd-bad-names: the load would refuse them first).
//
// +kubebuilder:object:root=true
// +kubebuilder:resource:path=sheep
// +kubebuilder:printcolumn:name=Wool,type=string,JSONPath=.spec.wool
type Sheep struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`
}
