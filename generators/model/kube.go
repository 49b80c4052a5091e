package model

import (
	"go/token"

	"github.com/metagen-dev/metagen/generators/markers"
	"github.com/metagen-dev/metagen/schema/resources"
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
	// ClientGroup is the group client-gen generates clients for: +groupName
	// in doc.go (gengo reads package tags there only), else the package's
	// parent directory (client-gen's <group>/<version> layout). RegisterGroup is register-gen's GroupName: +groupName, else a
	// +k8s:register-gen=<group> value ("" for none).
	ClientGroup, RegisterGroup string
	// PackageVersion is the version client-gen and register-gen give the
	// package: its name (neither reads +versionName).
	PackageVersion string
	// CRDDir is the absolute directory the package's CRDs are written to
	// ("" for none): +metagen:crd-dir, else --crd-dir for a package with
	// +groupName and root types. CRDDirBy is the marker (for --crd-dir, one
	// made up at the package clause).
	CRDDir   string
	CRDDirBy markers.Marker
}

// Resource is a root type as an API resource: one version of a Kind. Its
// names, scope and flags are schema/resources' run-time shape (what the
// generated RegisterResources records and the in-process server serves),
// with one polarity: ClusterScoped, Unserved. Names.StorageVersion is
// +kubebuilder:storageversion as marked (with one version, that version
// stores whatever the markers say: Kind.Storage decides).
type Resource struct {
	Kind, ListKind string
	resources.Names
	// Of is the kind this resource is a version of (nil for a package
	// without +groupName).
	Of *Kind
	// AllowedFinalizers are +metagen:allowed-finalizers' names (checked):
	// the finalizers of the group's domain the type's controllers own.
	AllowedFinalizers []string
	// SkipVersion: +kubebuilder:skipversion leaves the version out of its CRD
	// (the client still has it). Deprecated: +kubebuilder:deprecatedversion.
	SkipVersion, Deprecated bool
	// InCRD: the version is one of its kind's CRD: its package has a CRD
	// directory, and neither +metagen:crd=false nor (without +metagen:crd)
	// +kubebuilder:skipversion leaves it out.
	InCRD bool
	// List is the KindList type of the package, or nil.
	List *Type
	// NamesBy and ScopeBy are the markers that give the names and the
	// scope, when not defaults: for messages about conflicts.
	NamesBy, ScopeBy *markers.Marker
}

// Kind is one kind of an API group across its versions (the root types of
// that name in the packages of that +groupName), as the CRD, the clients,
// the register and the server see it; computed once by the layer, whose
// conflicts (versions whose names or scope disagree, a version declared
// twice) are positioned errors reported once.
type Kind struct {
	Group, Kind, ListKind string
	// Names and scope are shared by every version: those of the highest
	// version whose markers give them (NamesBy, ScopeBy), else the highest
	// version's defaults. Versions' Resources carry the same.
	resources.Names
	// Versions are the kind's root types, highest Kubernetes version
	// priority first (each with its Resource).
	Versions []*Type
	// CRDDir is the directory of the kind's CRD (its highest CRD version's
	// package's), "" when no version is in a CRD; CRDPath the manifest.
	CRDDir, CRDPath string
	// Storage is the version the CRD stores: the only CRD version, else the
	// one marked +kubebuilder:storageversion; nil when that is not one.
	Storage *Type
	// CRDErrors are the conflicts of the kind's CRD versions (no single
	// storage version, versions in different CRD directories): the crd
	// generator's to report.
	CRDErrors []error
}

// CRDVersions are the versions of the kind its CRD serves (Resource.InCRD),
// highest priority first.
func (k *Kind) CRDVersions() []*Type {
	var out []*Type
	for _, t := range k.Versions {
		if t.Resource.InCRD {
			out = append(out, t)
		}
	}
	return out
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
	// CRD holds controller-gen's crd: options.
	CRD CRDOptions
	// Options are the values of the generators' own options by name
	// (rbac-dir, webhook-dir, docs-dir, client-dir, with-watch, …): each generator
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
