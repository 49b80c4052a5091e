// Package webhook has an unknown failurePolicy and a verb that is no admission operation.
package webhook

// +kubebuilder:webhook:path=/validate-v1-pod,mutating=false,failurePolicy=sometimes,sideEffects=None,groups=core,resources=pods,verbs=create,versions=v1,name=vpod.example.com,admissionReviewVersions=v1
// +kubebuilder:webhook:path=/mutate-v1-pod,mutating=true,failurePolicy=Fail,sideEffects=None,groups=core,resources=pods,verbs=creat,versions=v1,name=mpod.example.com,admissionReviewVersions=v1
