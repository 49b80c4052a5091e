package err_tag

import metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

// +k8s:defaulter-gen=maybe
type Widget struct {
	metav1.TypeMeta `json:",inline"`
}
