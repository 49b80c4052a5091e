package webhooks

// +kubebuilder:webhook:path=/validate-v1-pod,mutating=false,failurePolicy=Fail,sideEffects=None,groups=core,resources=pods,verbs=create,versions=v1,admissionReviewVersions=v1
// +kubebuilder:webhook:path=/mutate-v1-pod,mutating=true,failurePolicy=Fail,groups=core,resources=pods,verbs=create,versions=v1,name=mpod.example.com,admissionReviewVersions=v1
