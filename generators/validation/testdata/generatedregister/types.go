package generatedregister

import (
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
)

type Gadget struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`

	Spec GadgetSpec `json:"spec"`
}

type GadgetSpec struct {
	// +k8s:minimum=1
	Replicas int32 `json:"replicas"`
}

type GadgetList struct {
	metav1.TypeMeta `json:",inline"`
	metav1.ListMeta `json:"metadata,omitempty"`

	Items []Gadget `json:"items"`
}

func (in *Gadget) DeepCopyObject() runtime.Object     { out := *in; return &out }
func (in *GadgetList) DeepCopyObject() runtime.Object { out := *in; return &out }
