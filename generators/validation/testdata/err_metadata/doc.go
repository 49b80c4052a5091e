// Package errmetadata misuses the metadata markers.
//
// +k8s:validation-gen=TypesWithField=TypeMeta
// +k8s:validation-gen=Everything
package errmetadata

import metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

// CR cannot have another name format.
//
// +metagen:custom-resource
// +metagen:name-format=dns-label
// +metagen:allowed-finalizers=other.example.com/x
type CR struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`
}

// Scoped says two things about its scope.
//
// +genclient:nonNamespaced
// +kubebuilder:resource:scope=Namespaced
type Scoped struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`
}

// NotRoot has no metadata.
//
// +metagen:name-format=dns-label
type NotRoot struct{}
