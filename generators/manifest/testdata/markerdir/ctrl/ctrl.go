// Package ctrl names its manifests' directories.
// +metagen:rbac-dir=../want/rbac
// +metagen:webhook-dir=../want/webhook
package ctrl

// +kubebuilder:rbac:groups=fleet.example.com,resources=widgets,verbs=get;list;watch
// +kubebuilder:rbac:groups=fleet.example.com,resources=widgets,verbs=patch,roleName=patcher

// +kubebuilder:webhook:path=/validate-widget,mutating=false,failurePolicy=Fail,sideEffects=None,groups=fleet.example.com,resources=widgets,verbs=create,versions=v1,name=vwidget.fleet.example.com,admissionReviewVersions=v1

// Reconcile reconciles.
func Reconcile() {}
