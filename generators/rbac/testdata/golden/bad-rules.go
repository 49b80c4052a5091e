// Package badrules: rules kube-apiserver's RBAC validation would refuse.
package badrules

// +kubebuilder:rbac:resources=pods,verbs=get
// +kubebuilder:rbac:groups=apps,verbs=get
// +kubebuilder:rbac:urls=/metrics,verbs=get,namespace=system
// +kubebuilder:rbac:groups="",resources=pods,urls=/metrics,verbs=get
// +kubebuilder:rbac:groups="",resources=pods,verbs=get,namespace=Not_A_Namespace
// +kubebuilder:rbac:groups="",resources=pods,verbs=get,roleName=a/b
// +kubebuilder:rbac:groups="",resources=pods,verbs=get,resourcenames=x
