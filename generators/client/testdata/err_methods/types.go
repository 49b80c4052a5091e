package errmethods

import metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

// +genclient
// +genclient:method=Nothing
// +genclient:method=Remove,verb=delete
// +genclient:method=Scale,verb=get,input=Other
// +genclient:method=Fetch,verb=get,result=Missing
// +genclient:method=Odd,verb=get,color=blue
// +genclient:method=AddFinalizer,verb=update
type Broken struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`
}

type BrokenList struct {
	metav1.TypeMeta `json:",inline"`
	metav1.ListMeta `json:"metadata,omitempty"`
	Items           []Broken `json:"items"`
}
