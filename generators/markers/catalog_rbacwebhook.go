package markers

import "strings"

// The RBAC and webhook markers of controller-gen. Each is a Go type with
// controller-tools' argument names, filled at load from the value
// controller-tools' own parser reads (controllertools.go); their values are
// checked further by the rbac and webhook generators, which read them with
// Value.

// RBACRule is +kubebuilder:rbac: one rule of the generated ClusterRole, or
// of a Role when it names a namespace.
type RBACRule struct {
	Groups        []string `marker:",optional"`
	Resources     []string `marker:",optional"`
	ResourceNames []string `marker:",optional"`
	Verbs         []string
	URLs          []string `marker:"urls,optional"`
	Namespace     string   `marker:",optional"`
	RoleName      string   `marker:"roleName,optional"`
}

// Webhook is +kubebuilder:webhook: one webhook of the generated
// MutatingWebhookConfiguration or ValidatingWebhookConfiguration.
type Webhook struct {
	Mutating                bool
	FailurePolicy           string
	MatchPolicy             string `marker:",optional"`
	SideEffects             string `marker:",optional"`
	TimeoutSeconds          int    `marker:",optional"`
	Groups                  []string
	Resources               []string
	Verbs                   []string
	Versions                []string
	Name                    string
	ServiceName             string   `marker:"serviceName,optional"`
	ServiceNamespace        string   `marker:"serviceNamespace,optional"`
	Path                    string   `marker:"path,optional"`
	ServicePort             *int32   `marker:"servicePort,optional"`
	WebhookVersions         []string `marker:"webhookVersions,optional"`
	AdmissionReviewVersions []string `marker:"admissionReviewVersions"`
	ReinvocationPolicy      string   `marker:"reinvocationPolicy,optional"`
	URL                     string   `marker:"url,optional"`
	Patch                   string   `marker:"patch,optional"`
}

// WebhookConfiguration is +kubebuilder:webhookconfiguration: the name of
// the generated mutating or validating configuration.
type WebhookConfiguration struct {
	Mutating bool
	Name     string `marker:"name,optional"`
}

var (
	KBRBAC = Define[RBACRule](&Def{Name: "kubebuilder:rbac", Targets: OnPackage | OnType, Kind: Raw, Args: true, Dialect: kubebuilder,
		Doc: "An RBAC rule of the generated ClusterRole (or of a Role in namespace=…), merged and sorted as controller-gen does: groups=…;…,resources=…;…,resourceNames=…,verbs=get;list;…,urls=…,namespace=…,roleName=…. Written anywhere outside declarations (conventionally above Reconcile), in any package of the run." + arguments(RBACRule{})})
	KBWebhook = Define[Webhook](&Def{Name: "kubebuilder:webhook", Targets: OnPackage | OnType, Kind: Raw, Args: true, Dialect: kubebuilder,
		Doc: "An admission webhook of the generated MutatingWebhookConfiguration or ValidatingWebhookConfiguration, as controller-gen writes it: path=… (or url=…),mutating=…,failurePolicy=Fail|Ignore,sideEffects=None|NoneOnDryRun,groups=…,resources=…,verbs=create;update;…,versions=…,name=…,admissionReviewVersions=…." + arguments(Webhook{})})
	KBWebhookConfiguration = Define[WebhookConfiguration](&Def{Name: "kubebuilder:webhookconfiguration", Targets: OnPackage | OnType, Kind: Raw, Args: true, Dialect: kubebuilder,
		Doc: "Names the generated mutating (mutating=true) or validating webhook configuration: name=…." + arguments(WebhookConfiguration{})})
)

// arguments names a typed marker's arguments, for its help.
func arguments(markerType any) string {
	return " Arguments: " + strings.Join(ArgNames(markerType), ", ") + "."
}
