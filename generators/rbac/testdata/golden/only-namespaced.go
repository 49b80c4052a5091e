// Package onlynamespaced: without cluster-wide rules there is no ClusterRole.
package onlynamespaced

// +kubebuilder:rbac:groups=apps,resources=deployments,verbs=get,namespace=team-a
// +kubebuilder:rbac:groups=apps,resources=deployments,verbs=list,namespace=team-a
// +kubebuilder:rbac:groups=apps,resources=statefulsets,verbs=get,namespace=team-b
