// Package rbac holds RBAC markers kube-apiserver or RBAC would refuse.
package rbac

// +kubebuilder:rbac:groups=apps,resources=deployments,verb=get
// +kubebuilder:rbac:groups=apps,resources=deployments,verbs=gett;list
// +kubebuilder:rbac:groups=apps,resources=deployments,verbs=Get
// +kubebuilder:rbac:resources=pods,verbs=get
// +kubebuilder:rbac:groups=apps,verbs=get
// +kubebuilder:rbac:urls=/metrics,verbs=get,namespace=monitoring
// +kubebuilder:rbac:groups=apps,resources=deployments,urls=/metrics,verbs=get
// +kubebuilder:rbac:groups=apps,resources=deployments,verbs=get,namespace=Not_A_Namespace
// +kubebuilder:rbac:groups=apps,resources=deployments,verbs=get,roleName=a/b
// +kubebuilder:rbac:groups=apps,resources=deployments,verbs=
// +kubebuilder:rbac:groups=apps,resources=deployments
// +kubebuilder:rabc:groups=apps,resources=deployments,verbs=get

// Reconcile has a marker in its doc comment, where controller-gen does not read it.
// +kubebuilder:rbac:groups=apps,resources=replicasets,verbs=get
func Reconcile() {}

// +kubebuilder:rbac:groups=custom.example.com,resources=things,verbs=frobnicate
