package errschema

import metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

// Shape has a bad column and a bad schema.
//
// +genclient
// +kubebuilder:printcolumn:name=Size,type=integer,JSONPath=`spec.size`
type Shape struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`

	// Spec is the desired state.
	Spec ShapeSpec `json:"spec"`
}

// ShapeSpec is the desired state.
type ShapeSpec struct {
	// Items are keyed by a field that is neither required nor defaulted.
	// +optional
	// +listType=map
	// +listMapKey=key
	Items []Item `json:"items,omitempty"`
	// Size has a default of the wrong type.
	// +optional
	// +kubebuilder:default="big"
	Size int32 `json:"size,omitempty"`
	// Address has a format CRDs do not know.
	// +optional
	// +k8s:format=k8s-ip
	Address string `json:"address,omitempty"`
}

// Item is keyed by key.
type Item struct {
	// Key identifies the item.
	// +optional
	Key string `json:"key,omitempty"`
}
