// Package merge: rules merged and sorted as controller-gen's NormalizeRules does.
package merge

// Verbs of one group and resource merge and sort; "core" is the core group "".
// +kubebuilder:rbac:groups=apps,resources=deployments,verbs=list;get
// +kubebuilder:rbac:groups=apps,resources=deployments,verbs=watch;get
// +kubebuilder:rbac:groups=core,resources=pods,verbs=get
// +kubebuilder:rbac:groups="",resources=pods,verbs=list

// Resources with the same verbs merge into one rule, then groups.
// +kubebuilder:rbac:groups=batch,resources=jobs,verbs=create;delete
// +kubebuilder:rbac:groups=batch,resources=cronjobs,verbs=delete;create
// +kubebuilder:rbac:groups=extra.example.com,resources=jobs;cronjobs,verbs=create;delete

// A wildcard verb keeps only "*"; resourceNames keep their own rule.
// +kubebuilder:rbac:groups=example.com,resources=widgets,verbs=get;*
// +kubebuilder:rbac:groups=example.com,resources=widgets,resourceNames=one;two,verbs=update

// Non-resource URLs, and a custom verb that is no near miss of RBAC's.
// +kubebuilder:rbac:urls=/metrics;/healthz,verbs=get
// +kubebuilder:rbac:groups=policy,resources=podsecuritypolicies,verbs=use;frobnicate

// Roles per namespace, and per role name, after the ClusterRole.
// +kubebuilder:rbac:groups=coordination.k8s.io,resources=leases,verbs=get;update,namespace=system
// +kubebuilder:rbac:groups="",resources=events,verbs=create,namespace=system
// +kubebuilder:rbac:groups="",resources=configmaps,verbs=get,namespace=apps,roleName=reader
// +kubebuilder:rbac:groups="",resources=secrets,verbs=get,roleName=secret-reader

// Reconciler reconciles.
type Reconciler struct{}
