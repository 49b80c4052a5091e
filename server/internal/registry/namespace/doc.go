// Package namespace is the core/v1 Namespace API, served at /api/v1/namespaces as kube-apiserver
// 1.37.2 serves it (pkg/registry/core/namespace): the strategy and its
// /status and /finalize variants, the store's Delete that turns the first
// DELETE into termination (deletionTimestamp, phase Terminating) and the
// removal that waits for spec.finalizers to empty, the v1 defaults, field
// selectors and table columns, and the validation of
// pkg/apis/core/validation (ValidateNamespace and its update variants),
// written here over apimachinery's checks since the main module does not
// depend on k8s.io/kubernetes.
//
// Nothing removes the "kubernetes" spec finalizer but a client (PUT
// /finalize) or the namespace controller (Options.NamespaceDeletion), so a
// deleted namespace stays Terminating, as on a kube-apiserver without a
// controller manager. The declarative validation kube-apiserver also runs
// for Namespace (ObjectMeta rules, all alpha in 1.37) is shadowed by the
// handwritten rules and left out.
//
// The OpenAPI definitions it serves (GetOpenAPIDefinitions) are made by
// metagen's openapi generator, as openapi-gen makes kube-apiserver's:
//
//go:generate go run ../../../../hack/openapigen -pkg k8s.io/api/core/v1 -kinds Namespace,NamespaceList
package namespace

import (
	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
)

// Kind is the served kind.
var Kind = corev1.SchemeGroupVersion.WithKind("Namespace")

// systemNamespaces exist from the start, as kube-apiserver's bootstrap and
// system-namespaces controllers create them.
var systemNamespaces = []string{metav1.NamespaceSystem, metav1.NamespacePublic, corev1.NamespaceNodeLease, metav1.NamespaceDefault}
