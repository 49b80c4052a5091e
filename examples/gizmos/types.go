package gizmos

import metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

// +k8s:deepcopy-gen:interfaces=k8s.io/apimachinery/pkg/runtime.Object
type Gizmo struct {
	metav1.TypeMeta
	metav1.ObjectMeta
	Spec GizmoSpec
}

type GizmoSpec struct {
	Color    string
	Replicas int32
	Labels   map[string]string
}

// +k8s:deepcopy-gen:interfaces=k8s.io/apimachinery/pkg/runtime.Object
type GizmoList struct {
	metav1.TypeMeta
	metav1.ListMeta
	Items []Gizmo
}
