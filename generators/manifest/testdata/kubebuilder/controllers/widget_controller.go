// Package controllers reconciles widgets, as a kubebuilder project scaffolds
// it: the RBAC markers sit a blank line above Reconcile's doc comment.
package controllers

import "context"

// WidgetReconciler reconciles a Widget.
type WidgetReconciler struct{}

// +kubebuilder:rbac:groups=fleet.example.com,resources=widgets,verbs=get;list;watch;create;update;patch;delete
// +kubebuilder:rbac:groups=fleet.example.com,resources=widgets/status,verbs=get;update;patch
// +kubebuilder:rbac:groups=fleet.example.com,resources=widgets/finalizers,verbs=update
// +kubebuilder:rbac:groups=core,resources=events,verbs=create;patch
// +kubebuilder:rbac:groups="",resources=configmaps;secrets,verbs=get;list;watch
// +kubebuilder:rbac:groups=apps,resources=deployments,verbs=get;list;watch;create;update;patch;delete
// +kubebuilder:rbac:groups=apps,resources=deployments,verbs=get;list

// Reconcile moves a widget towards its spec.
func (r *WidgetReconciler) Reconcile(ctx context.Context, name string) error {
	// +kubebuilder:rbac:groups=ignored.example.com,resources=insidebodies,verbs=get
	return nil
}

//+kubebuilder:rbac:groups=batch,resources=jobs,verbs={get,list,watch}
//+kubebuilder:rbac:groups=batch,resources=cronjobs,verbs=get;list;watch
//+kubebuilder:rbac:groups=coordination.k8s.io,resources=leases,verbs=get;list;watch;create;update;patch;delete,namespace=fleet-system
//+kubebuilder:rbac:groups=coordination.k8s.io,resources=leases,verbs=*,namespace=fleet-system,roleName=leader-election
//+kubebuilder:rbac:groups="",resources=configmaps,resourceNames=fleet-config,verbs=get;update,namespace=fleet-system

// SetupWithManager registers the reconciler.
func (r *WidgetReconciler) SetupWithManager() error { return nil }

// +kubebuilder:rbac:groups=policy,resources=poddisruptionbudgets,verbs=get;*
