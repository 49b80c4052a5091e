// Package defaults: one validating webhook with only the required
// arguments: the Service webhook-service in namespace system, default names.
package defaults

// +kubebuilder:webhook:path=/validate-v1-thing,mutating=false,failurePolicy=fail,sideEffects=None,groups=example.com,resources=things,verbs=create,versions=v1,name=vthing.example.com,admissionReviewVersions=v1
