package v1

import (
	apiextensionsv1 "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
)

// Schema holds a JSON schema.
//
// +kubebuilder:object:root=true
type Schema struct {
	metav1.TypeMeta `json:",inline"`
	// +optional
	metav1.ObjectMeta `json:"metadata,omitempty"`

	// Spec is a schema.
	Spec apiextensionsv1.JSONSchemaProps `json:"spec"`
}
