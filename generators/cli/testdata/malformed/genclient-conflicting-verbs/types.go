package genclientverbs

import metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

// Widget asks for only get and list, and to skip list.
//
// +genclient
// +genclient:onlyVerbs=get,list
// +genclient:skipVerbs=list
type Widget struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`
}

type WidgetList struct {
	metav1.TypeMeta `json:",inline"`
	metav1.ListMeta `json:"metadata,omitempty"`
	Items           []Widget `json:"items"`
}
