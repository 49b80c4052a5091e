package metadata

import (
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
)

// Namespaced is a built-in style namespaced type with owned finalizers.
//
// +metagen:allowed-finalizers=things.example.com/cleanup,things.example.com/drain
type Namespaced struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`
}

// Cluster is cluster-scoped, with DNS-label names.
//
// +genclient
// +genclient:nonNamespaced
// +metagen:name-format=dns-label
type Cluster struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`
}

// Custom is validated as kube-apiserver validates custom resources.
//
// +metagen:custom-resource
// +kubebuilder:resource:scope=Cluster
type Custom struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`
}

// Segment takes any path-segment name.
//
// +metagen:name-format=path-segment
type Segment struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`
}

func (in *Namespaced) DeepCopyObject() runtime.Object { out := *in; return &out }
func (in *Cluster) DeepCopyObject() runtime.Object    { out := *in; return &out }
func (in *Custom) DeepCopyObject() runtime.Object     { out := *in; return &out }
func (in *Segment) DeepCopyObject() runtime.Object    { out := *in; return &out }
