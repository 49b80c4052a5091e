// Package badvalues: values outside the API's, which controller-gen passes
// on or kube-apiserver refuses.
package badvalues

// +kubebuilder:webhook:path=/a,mutating=false,failurePolicy=sometimes,sideEffects=None,groups=core,resources=pods,verbs=create,versions=v1,name=a.example.com,admissionReviewVersions=v1
// +kubebuilder:webhook:path=/b,mutating=false,failurePolicy=Fail,sideEffects=Some,groups=core,resources=pods,verbs=create,versions=v1,name=b.example.com,admissionReviewVersions=v1
// +kubebuilder:webhook:path=/c,mutating=false,failurePolicy=Fail,sideEffects=None,groups=core,resources=pods,verbs=creat,versions=v1,name=c.example.com,admissionReviewVersions=v1
// +kubebuilder:webhook:path=/d,mutating=false,failurePolicy=Fail,sideEffects=None,groups=core,resources=pods,verbs=create,versions=v1,name=d.example.com,admissionReviewVersions=v1,timeoutSeconds=31
// +kubebuilder:webhook:url="http://plain.example.com/e",mutating=false,failurePolicy=Fail,sideEffects=None,groups=core,resources=pods,verbs=create,versions=v1,name=e.example.com,admissionReviewVersions=v1
// +kubebuilder:webhook:path=f,mutating=false,failurePolicy=Fail,sideEffects=None,groups=core,resources=pods,verbs=create,versions=v1,name=f.example.com,admissionReviewVersions=v1
// +kubebuilder:webhook:path=/g,mutating=false,failurePolicy=Fail,sideEffects=None,groups=core,resources=pods,verbs=create,versions=v1,name=g.example.com,admissionReviewVersions=v1,reinvocationPolicy=IfNeeded
// +kubebuilder:webhook:path=/h,mutating=true,failurePolicy=Fail,sideEffects=None,groups=core,resources=pods,verbs=create,versions=v1,name=h.example,admissionReviewVersions=v1
// +kubebuilder:webhook:path=/i,mutating=true,failurePolicy=Fail,sideEffects=None,groups=core,resources=pods,verbs=create,versions=v1,name=i.example.com,admissionReviewVersions=v2,webhookVersions=v1beta1
// +kubebuilder:webhook:path=/j,mutating=true,failurePolicy=Fail,sideEffects=None,groups=core,resources=pods,verbs=create,versions=v1,name=j.example.com,admissionReviewVersions=v1,patch=`{"objectSelectr":{}}`
// +kubebuilder:webhook:path=/a2,mutating=false,failurePolicy=Fail,sideEffects=None,groups=core,resources=pods,verbs=create,versions=v1,name=a.example.com,admissionReviewVersions=v1
