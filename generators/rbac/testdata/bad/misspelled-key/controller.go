package controller

// +kubebuilder:rbac:groups=apps,resources=deployments,verb=get

// Reconciler reconciles.
type Reconciler struct{}
