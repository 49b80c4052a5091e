package v1

import (
	autoscalingv1 "k8s.io/api/autoscaling/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
)

// Deployment has extra methods on subresources and with other types.
//
// +genclient
// +genclient:method=GetScale,verb=get,subresource=scale,result=k8s.io/api/autoscaling/v1.Scale
// +genclient:method=UpdateScale,verb=update,subresource=scale,input=k8s.io/api/autoscaling/v1.Scale,result=k8s.io/api/autoscaling/v1.Scale
// +genclient:method=CreateRollback,verb=create,subresource=rollback,input=Rollback,result=Rollback
// +genclient:method=ListHistory,verb=list,subresource=history,result=Revision
// +genclient:method=PatchScale,verb=patch,subresource=scale,result=k8s.io/api/autoscaling/v1.Scale
// +genclient:method=ApplyScale,verb=apply,subresource=scale,input=k8s.io/api/autoscaling/v1.Scale,result=k8s.io/api/autoscaling/v1.Scale
// +kubebuilder:object:root=true
type Deployment struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`
}

// +kubebuilder:object:root=true
type DeploymentList struct {
	metav1.TypeMeta `json:",inline"`
	metav1.ListMeta `json:"metadata,omitempty"`
	Items           []Deployment `json:"items"`
}

// Node is cluster-scoped with extra methods.
//
// +genclient
// +genclient:nonNamespaced
// +genclient:method=Drain,verb=create,subresource=drain,input=Rollback,result=Node
// +genclient:method=GetDetails,verb=get,result=Revision
// +kubebuilder:object:root=true
type Node struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`
}

// +kubebuilder:object:root=true
type NodeList struct {
	metav1.TypeMeta `json:",inline"`
	metav1.ListMeta `json:"metadata,omitempty"`
	Items           []Node `json:"items"`
}

// +kubebuilder:object:root=true
type Rollback struct {
	metav1.TypeMeta `json:",inline"`
	Revision        int64 `json:"revision"`
}

// +kubebuilder:object:root=true
type Revision struct {
	metav1.TypeMeta `json:",inline"`
	Number          int64 `json:"number"`
}

// +kubebuilder:object:root=true
type RevisionList struct {
	metav1.TypeMeta `json:",inline"`
	metav1.ListMeta `json:"metadata,omitempty"`
	Items           []Revision `json:"items"`
}

var _ autoscalingv1.Scale
