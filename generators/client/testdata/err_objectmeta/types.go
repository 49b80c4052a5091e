package errobjectmeta

import metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

// Settings has no ObjectMeta.
//
// +genclient
type Settings struct {
	metav1.TypeMeta `json:",inline"`
	Values          map[string]string `json:"values"`
}

// Thing lists, but has no ThingList.
//
// +genclient
type Thing struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`
}
