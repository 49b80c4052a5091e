// Package badverbs: verbs that are near misses of RBAC's, and a misspelled key.
package badverbs

// +kubebuilder:rbac:groups=apps,resources=deployments,verbs=gett;list
// +kubebuilder:rbac:groups=apps,resources=deployments,verbs=List;Watch
// +kubebuilder:rbac:groups=apps,resources=deployments,verb=get
// +kubebuilder:rbac:groups=apps,resources=deployments,verbs=
