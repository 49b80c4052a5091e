package registerwithoutdeepcopy

import metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

// Thing would be registered with the scheme, but is no runtime.Object.
type Thing struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`
}
