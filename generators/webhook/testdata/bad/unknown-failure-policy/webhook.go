package webhooks

// +kubebuilder:webhook:path=/validate-v1-pod,mutating=false,failurePolicy=sometimes,sideEffects=None,groups=core,resources=pods,verbs=create,versions=v1,name=vpod.example.com,admissionReviewVersions=v1
