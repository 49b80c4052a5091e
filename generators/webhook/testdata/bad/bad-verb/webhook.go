package webhooks

// +kubebuilder:webhook:path=/mutate-v1-pod,mutating=true,failurePolicy=Fail,sideEffects=None,groups=core,resources=pods,verbs=creat,versions=v1,name=mpod.example.com,admissionReviewVersions=v1
