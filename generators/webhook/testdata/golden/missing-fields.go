// Package missingfields: required arguments left out.
package missingfields

// +kubebuilder:webhook:path=/a,mutating=false,failurePolicy=Fail,sideEffects=None,groups=core,resources=pods,verbs=create,versions=v1,admissionReviewVersions=v1
// +kubebuilder:webhook:path=/b,mutating=false,sideEffects=None,groups=core,resources=pods,verbs=create,versions=v1,name=b.example.com,admissionReviewVersions=v1
// +kubebuilder:webhook:path=/c,mutating=false,failurePolicy=Fail,groups=core,resources=pods,verbs=create,versions=v1,name=c.example.com,admissionReviewVersions=v1
// +kubebuilder:webhook:path=/d,mutating=false,failurePolicy=Fail,sideEffects=None,groups=core,resources=pods,verbs=create,versions=v1,name=d.example.com
// +kubebuilder:webhook:mutating=false,failurePolicy=Fail,sideEffects=None,groups=core,resources=pods,verbs=create,versions=v1,name=e.example.com,admissionReviewVersions=v1
// +kubebuilder:webhook:path=/f,mutating=false,failurePolicy=Fail,sideEffects=None,groups=core,resources=pods,versions=v1,name=f.example.com,admissionReviewVersions=v1
// +kubebuilder:webhook:path=/g,mutating=false,failurePolicy=Fail,sideEffects=None,groups=core,resources=pods,verb=create,versions=v1,name=g.example.com,admissionReviewVersions=v1
