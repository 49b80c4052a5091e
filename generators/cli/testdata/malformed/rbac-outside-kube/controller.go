// Package controller asks for rules kube-apiserver refuses.
package controller

// +kubebuilder:rbac:resources=pods,verbs=get
// +kubebuilder:rbac:urls=/metrics,verbs=get,namespace=monitoring

// Reconcile has a rule in its doc comment, which controller-gen would ignore.
// +kubebuilder:rbac:groups=apps,resources=replicasets,verbs=get
func Reconcile() {}
