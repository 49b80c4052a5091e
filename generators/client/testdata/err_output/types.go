package erroutput

import metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

// +genclient
type Orphan struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`
}

type OrphanList struct {
	metav1.TypeMeta `json:",inline"`
	metav1.ListMeta `json:"metadata,omitempty"`
	Items           []Orphan `json:"items"`
}
