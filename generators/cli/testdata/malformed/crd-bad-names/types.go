package badnames

import metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

// Sheep is a root type in a package without a group.
//
// +kubebuilder:object:root=true
// +kubebuilder:resource:path=sheep,scope=Global
// +kubebuilder:printcolumn:name=Wool,type=string,JSONPath=.spec.wool,colour=white
type Sheep struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`
}
