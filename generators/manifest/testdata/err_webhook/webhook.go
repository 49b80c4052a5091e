// Package webhook holds webhook markers controller-gen or kube-apiserver would refuse.
package webhook

// +kubebuilder:webhook:path=/a,mutating=true,failurePolicy=sometimes,sideEffects=None,groups=apps,resources=deployments,verbs=create,versions=v1,name=a.example.com,admissionReviewVersions=v1
// +kubebuilder:webhook:path=/b,mutating=true,failurePolicy=Fail,sideEffects=None,groups=apps,resources=deployments,verbs=create,versions=v1,admissionReviewVersions=v1
// +kubebuilder:webhook:path=/c,mutating=true,failurePolicy=Fail,sideEffects=Some,groups=apps,resources=deployments,verbs=create,versions=v1,name=c.example.com,admissionReviewVersions=v1
// +kubebuilder:webhook:path=/d,mutating=true,failurePolicy=Fail,sideEffects=None,groups=apps,resources=deployments,verbs=create,versions=v1,name=d.example.com,admissionReviewVersions=v1,timeoutSeconds=31
// +kubebuilder:webhook:path=/e,url="https://e.example.com/e",mutating=true,failurePolicy=Fail,sideEffects=None,groups=apps,resources=deployments,verbs=create,versions=v1,name=e.example.com,admissionReviewVersions=v1
// +kubebuilder:webhook:mutating=true,failurePolicy=Fail,sideEffects=None,groups=apps,resources=deployments,verbs=create,versions=v1,name=f.example.com,admissionReviewVersions=v1
// +kubebuilder:webhook:path=/g,mutating=false,failurePolicy=Fail,sideEffects=None,groups=apps,resources=deployments,verbs=creat,versions=v1,name=g.example.com,admissionReviewVersions=v1
// +kubebuilder:webhook:path=/h,mutating=false,failurePolicy=Fail,sideEffects=None,groups=apps,resources=deployments,verbs=create,versions=v1,name=h,admissionReviewVersions=v1
// +kubebuilder:webhook:path=/i,mutating=false,failurePolicy=Fail,sideEffects=None,groups=apps,resources=deployments,verbs=create,versions=v1,name=i.example.com,admissionReviewVersions=v1,reinvocationPolicy=IfNeeded
// +kubebuilder:webhook:path=/j,mutating=false,failurePolicy=Fail,sideEffects=None,groups=apps,resources=deployments,verbs=create,versions=v1,name=j.example.com,admissionReviewVersions=v1,patch=`{"namespaceSelectr":{}}`
// +kubebuilder:webhook:path=/k,mutating=false,failurePolicy=Fail,sideEffects=None,groups=apps,resources=deployments,verbs=create,versions=v1,name=k.example.com,admissionReviewVersions=v1,matchPolicy=Close
// +kubebuilder:webhook:path=/l,mutating=false,failurePolicy=Fail,sideEffects=None,groups=apps,resources=deployments,verbs=create,versions=v1,name=k.example.com,admissionReviewVersions=v1
// +kubebuilder:webhook:path=/m,mutating=false,failurePolicy=Fail,sideEffects=None,groups=apps,resources=deployments,verbs=create,versions=v1,name=m.example.com,admissionReviewVersions=v2
// +kubebuilder:webhook:path=/n,mutating=false,failurePolicy=Fail,sideEffects=None,groups=apps,resources=deployments,verbs=create,versions=v1,name=n.example.com,admissionReviewVersions=v1,webhookVersions=v1beta1
// +kubebuilder:webhook:path=/o,mutating=false,failurePolicy=Fail,sideEffects=None,groups=apps,resources=deployments,verbs=create,versions=v1,name=o.example.com,admissionReviewVersions=v1,url="http://o.example.com/o"
// +kubebuilder:webhook:path=/p,mutating=false,failurePolicy=Fail,sideEffect=None,groups=apps,resources=deployments,verbs=create,versions=v1,name=p.example.com,admissionReviewVersions=v1
// +kubebuilder:webhookconfiguration:mutating=true,name=first
// +kubebuilder:webhookconfiguration:mutating=true,name=second
