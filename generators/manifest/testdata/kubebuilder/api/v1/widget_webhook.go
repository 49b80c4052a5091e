package v1

// +kubebuilder:webhook:path=/mutate-fleet-example-com-v1-widget,mutating=true,failurePolicy=fail,sideEffects=None,groups=fleet.example.com,resources=widgets,verbs=create;update,versions=v1,name=mwidget.fleet.example.com,admissionReviewVersions=v1
// +kubebuilder:webhook:path=/validate-fleet-example-com-v1-widget,mutating=false,failurePolicy=fail,sideEffects=None,groups=fleet.example.com,resources=widgets,verbs=create;update;delete,versions=v1,name=vwidget.fleet.example.com,admissionReviewVersions=v1;v1beta1
// +kubebuilder:webhook:path=/mutate-v1-pod,mutating=true,failurePolicy=ignore,sideEffects=NoneOnDryRun,groups=core,resources=pods,verbs=CREATE,versions=v1,name=mpod.fleet.example.com,admissionReviewVersions=v1,matchPolicy=Exact,reinvocationPolicy=IfNeeded,timeoutSeconds=5,serviceName=fleet-webhooks,serviceNamespace=fleet-system,servicePort=9443
// +kubebuilder:webhook:url="https://webhooks.example.com:8443/validate-v1-configmap",mutating=false,failurePolicy=Ignore,sideEffects=None,groups="",resources=configmaps,verbs=*,versions=v1,name=vconfigmap.fleet.example.com,admissionReviewVersions=v1,matchPolicy=equivalent,webhookVersions=v1
// +kubebuilder:webhook:path=/validate-fleet-example-com-v1-gadget,mutating=false,failurePolicy=Fail,sideEffects=None,groups=fleet.example.com,resources=gadgets;gadgets/status,verbs=create;update;connect,versions=v1;v1beta1,name=vgadget.fleet.example.com,admissionReviewVersions=v1,patch=`{"namespaceSelector":{"matchLabels":{"fleet.example.com/webhooks":"enabled"}},"matchConditions":[{"name":"not-system","expression":"!request.userInfo.username.startsWith('system:')"}],"timeoutSeconds":7}`
// +kubebuilder:webhook:path=/mutate-fleet-example-com-v1-gadget,mutating=true,failurePolicy=Fail,sideEffects=None,groups=fleet.example.com,resources=gadgets,verbs=create,versions=v1,name=mgadget.fleet.example.com,admissionReviewVersions=v1,reinvocationPolicy=Never,patch=`{"objectSelector":{"matchExpressions":[{"key":"tier","operator":"In","values":["frontend","backend"]}]}}`

// +kubebuilder:webhookconfiguration:mutating=true,name=fleet-mutating
// +kubebuilder:webhookconfiguration:mutating=false,name=fleet-validating

// Widget is a widget.
type Widget struct {
	Name string `json:"name"`
}
