package v1

import metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

// JSON is any JSON value, raw.
type JSON struct {
	Raw []byte `json:"-"`
}

type Thing struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`
	Default           *JSON `json:"default,omitempty"`
}
