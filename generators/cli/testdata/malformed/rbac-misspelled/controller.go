// Package controller misspells an RBAC key and a verb.
package controller

// +kubebuilder:rbac:groups=apps,resources=deployments,verb=get
// +kubebuilder:rbac:groups=apps,resources=deployments,verbs=gett;list

// Reconcile reconciles.
func Reconcile() {}
