// +kubebuilder:rbac:urls=/metrics,verbs=get
// +kubebuilder:rbac:urls=/healthz;/readyz,verbs=get

// Package metrics serves metrics; its RBAC markers sit above the package
// clause.
package metrics

// +kubebuilder:rbac:groups=authentication.k8s.io,resources=tokenreviews,verbs=create
// +kubebuilder:rbac:groups=authorization.k8s.io,resources=subjectaccessreviews,verbs=create

// Port is where metrics are served.
const Port = 8443
