package rejected

import metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

// Lock has a schema apiextensions refuses.
//
// +kubebuilder:object:root=true
// +kubebuilder:printcolumn:name=Code,type=string,JSONPath=spec.code
type Lock struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`

	// Spec is the desired state.
	Spec LockSpec `json:"spec"`
}

// LockSpec is the desired state.
type LockSpec struct {
	// Code has a default of the wrong type.
	// +optional
	// +kubebuilder:default=1234
	Code string `json:"code,omitempty"`
	// Address has a format CRDs do not know.
	// +optional
	// +kubebuilder:validation:Format=k8s-ip
	Address string `json:"address,omitempty"`
	// Keys are keyed by an optional field without a default.
	// +optional
	// +listType=map
	// +listMapKey=id
	Keys []Key `json:"keys,omitempty"`
}

// Key is keyed by id.
type Key struct {
	// ID identifies it.
	// +optional
	ID string `json:"id,omitempty"`
}
