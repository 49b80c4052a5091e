package controllers

// GadgetReconciler reconciles a Gadget.
type GadgetReconciler struct{}

// +kubebuilder:rbac:groups=fleet.example.com,resources=gadgets,verbs=get;list;watch;create;update;patch;delete
// +kubebuilder:rbac:groups=fleet.example.com,resources=gadgets/status,verbs=get;update;patch
// +kubebuilder:rbac:groups=extensions.fleet.example.com,resources=gadgets,verbs=get;list;watch;create;update;patch;delete
// +kubebuilder:rbac:groups=certificates.k8s.io,resources=certificatesigningrequests/approval,verbs=update
// +kubebuilder:rbac:groups=certificates.k8s.io,resources=signers,resourceNames=example.com/fleet,verbs=approve;sign
// +kubebuilder:rbac:groups=fleet.example.com,resources=gadgets,verbs=watch,namespace=tenant-a
// +kubebuilder:rbac:groups=fleet.example.com,resources=widgets,verbs=watch,namespace=tenant-a

// Reconcile moves a gadget towards its spec.
func (r *GadgetReconciler) Reconcile() error { return nil }
