// Package other is another controller of the module, shipping its own role.
// +metagen:rbac-dir=../want/other
package other

// +kubebuilder:rbac:groups=apps,resources=deployments,verbs=get

// Reconcile reconciles.
func Reconcile() {}
