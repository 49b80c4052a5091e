package err_markers

import metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

type Widget struct {
	metav1.TypeMeta `json:",inline"`
	// +default={not json
	Spec map[string]string `json:"spec"`
	// +default=1
	// +default=2
	Count *int32 `json:"count"`
}
