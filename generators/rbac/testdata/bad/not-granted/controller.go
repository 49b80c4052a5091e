package controller

// +kubebuilder:rbac:groups=apps,resources=deployments,verbs=get
// +kubebuilder:rbac:groups=apps,verbs=list
// +kubebuilder:rbac:urls=/metrics,verbs=get,namespace=system

// Reconciler reconciles.
type Reconciler struct{}
