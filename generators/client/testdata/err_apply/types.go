package errapply

import metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

// +genclient
// +genclient:method=ApplyOther,verb=apply,subresource=other,input=example.com/other/v1.Other
// +genclient:method=ApplyPhase,verb=apply,subresource=phase,input=Phase
type Broken struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`
}

type BrokenList struct {
	metav1.TypeMeta `json:",inline"`
	metav1.ListMeta `json:"metadata,omitempty"`
	Items           []Broken `json:"items"`
}

// Phase has no apply configuration: it is no struct.
type Phase string
