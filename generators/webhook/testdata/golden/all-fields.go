// Package allfields: every argument controller-gen reads, both kinds of
// configuration, webhooks sorted by name, and the configuration names.
package allfields

// +kubebuilder:webhookconfiguration:mutating=true,name=team-mutating
// +kubebuilder:webhookconfiguration:mutating=false,name=team-validating

// +kubebuilder:webhook:path=/mutate-v1-pod,mutating=true,failurePolicy=ignore,sideEffects=NoneOnDryRun,groups=core,resources=pods,verbs=CREATE;update,versions=v1,name=zpod.team.example.com,admissionReviewVersions=v1;v1beta1,matchPolicy=Exact,reinvocationPolicy=IfNeeded,timeoutSeconds=5,serviceName=team-webhooks,serviceNamespace=team-system,servicePort=9443
// +kubebuilder:webhook:path=/mutate-team-example-com-v1-widget,mutating=true,failurePolicy=Fail,sideEffects=None,groups=team.example.com,resources=widgets,verbs=create,versions=v1,name=awidget.team.example.com,admissionReviewVersions=v1,webhookVersions=v1,patch=`{"objectSelector":{"matchLabels":{"tier":"frontend"}}}`
// +kubebuilder:webhook:url="https://hooks.example.com:8443/validate",mutating=false,failurePolicy=Fail,sideEffects=None,groups="",resources=configmaps,verbs=*,versions=v1,name=vconfigmap.team.example.com,admissionReviewVersions=v1,matchPolicy=equivalent
// +kubebuilder:webhook:path=/validate-team-example-com-v1-widget,mutating=false,failurePolicy=Fail,sideEffects=None,groups=team.example.com,resources=widgets;widgets/status,verbs=create;update;delete;connect,versions=v1;v1beta1,name=vwidget.team.example.com,admissionReviewVersions=v1,patch=`{"namespaceSelector":{"matchLabels":{"team.example.com/webhooks":"on"}},"matchConditions":[{"name":"not-system","expression":"!request.userInfo.username.startsWith('system:')"}]}`

// Widget is validated and defaulted.
type Widget struct{}
