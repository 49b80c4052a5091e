package model

import (
	"go/token"

	"github.com/metagen-dev/metagen/generators/markers"
)

// The Kubernetes layer: the API facts of the input packages, computed once
// after load (package kube) and read by every generator, so that the CRD,
// the typed client, its fake, validation and the server agree on them.

// GroupVersion is an input package as an API group version.
type GroupVersion struct {
	// Group is +groupName's value ("" for the core group, or when the
	// package has none: then HasGroup is false).
	Group    string
	HasGroup bool
	GroupPos token.Position
	// Version is +versionName's value, else the package name.
	Version string
	// CRDDir is the absolute directory the package's CRDs are written to
	// ("" for none): +metagen:crd-dir, else --crd-dir for a package with
	// +groupName and root types. CRDDirBy is the marker (for --crd-dir, one
	// made up at the package clause).
	CRDDir   string
	CRDDirBy markers.Marker
}

// Resource is a root type as an API resource.
type Resource struct {
	Kind, ListKind string
	// Plural is the resource name in URLs and in the CRD's names.
	Plural, Singular       string
	ShortNames, Categories []string
	Namespaced             bool
	// StatusSubresource: the CRD serves /status (+kubebuilder:subresource:status).
	StatusSubresource bool
	// AllowedFinalizers are +metagen:allowed-finalizers' names (checked):
	// the finalizers of the group's domain the type's controllers own.
	AllowedFinalizers []string
	// Served: this version is served (no +kubebuilder:unservedversion).
	// StorageMarked: it is marked +kubebuilder:storageversion (with one
	// version, that version stores whatever the markers say).
	Served, StorageMarked bool
	// SkipVersion: +kubebuilder:skipversion leaves the version out of its CRD
	// (the client still has it).
	SkipVersion bool
	// List is the KindList type of the package, or nil.
	List *Type
	// NamesBy and ScopeBy are the markers that give the names and the
	// scope, when not defaults: for messages about conflicts.
	NamesBy, ScopeBy *markers.Marker
}

// Settings are the run's command-line choices that change what the
// Kubernetes layer and the generators decide (the anchors' flags).
type Settings struct {
	// DefaultRun: no generator was asked for by name (no -g), so each runs
	// on whatever opts in. A generator that cannot serve a package it was
	// not asked for then skips it with a positioned warning instead of
	// refusing the whole run; asked for, it refuses.
	DefaultRun bool
	// PluralExceptions are client-gen's --plural-exceptions: Kind → plural Go name.
	PluralExceptions map[string]string
	// CRDDir, when set, writes the CRDs of every input package with root
	// types into this directory (controller-gen's output:crd:artifacts:config),
	// relative to the module root; +metagen:crd-dir wins where given.
	CRDDir string
	// ClientDir is the default client output directory (kube_codegen.sh's
	// --output-dir), relative to the module root; +metagen:client-output wins.
	ClientDir string
	// ClientsetName is client-gen's --clientset-name ("" is "clientset").
	ClientsetName string
	// NoWatch leaves out listers and informers (kube_codegen.sh without --with-watch).
	NoWatch bool
	// NoApply leaves out apply configurations and the Apply methods
	// (kube_codegen.sh without --with-applyconfig).
	NoApply bool
	// CRD holds controller-gen's crd: options.
	CRD CRDOptions
	// Options are the values of the generators' own options by name
	// (rbac-dir, rbac-role-name, webhook-dir, docs-dir, …): each generator
	// declares its options (gen.Generator.Options) and reads its own
	// (gen.Option.Value).
	Options map[string]string
}

// CRDOptions are controller-gen's crd generator options.
type CRDOptions struct {
	// MaxDescLen truncates descriptions (nil: unlimited; 0: none).
	MaxDescLen                 *int
	GenerateEmbeddedObjectMeta bool
	AllowDangerousTypes        bool
	IgnoreUnexportedFields     bool
	// APIApproved is the api-approved.kubernetes.io annotation of the CRDs
	// of protected groups (*.k8s.io, *.kubernetes.io) whose sources do not
	// set it (--crd-api-approved), by group; under "" for every such group.
	APIApproved map[string]string
}
