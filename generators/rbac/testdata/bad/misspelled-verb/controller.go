package controller

// +kubebuilder:rbac:groups=apps,resources=deployments,verbs=get;list
// +kubebuilder:rbac:groups=apps,resources=deployments/status,verbs=gett

// Reconciler reconciles.
type Reconciler struct{}
