// Package crd writes an apiextensions.k8s.io/v1 CustomResourceDefinition
// for each root type, as controller-gen's crd generator does, and checks it
// with apiextensions' own validation before anything is written.
//
// # Which types, and where
//
// A package opts in with +metagen:crd-dir=<dir>, a directory relative to the
// package (../../config/crd, say; it must lie inside the module). Its root types get a CRD: types marked
// +genclient or +kubebuilder:object:root (except lists), or
// +metagen:crd=true; +metagen:crd=false leaves one out. The types of one
// kind in packages of the same +groupName are the versions of one CRD,
// written as <dir>/<group>_<plural>.yaml by the generator's whole-run stage.
// A version is named by the package, or by +versionName; with several, one
// must be +kubebuilder:storageversion. A version may be declared with the
// struct of another (type Gateway v1.Gateway, as gateway-api does): its
// schema is that struct's, its markers its own, and its description its
// own or, without a doc comment, the struct's, as controller-gen writes it.
//
// # Names and scope
//
// The names and scope are the Kubernetes layer's (model.Kind, package kube):
// the plural is controller-gen's (flect) unless +kubebuilder:resource:path,
// +metagen:plural or +resourceName gives it.
// +metagen:short-names and +kubebuilder:resource give short names,
// categories and the singular. +genclient:nonNamespaced or
// +kubebuilder:resource:scope=Cluster make the resource cluster-scoped.
// As with controller-gen, the markers of one version name the whole
// resource: a version without them takes those of the others, and versions
// whose markers disagree are an error. +kubebuilder:metadata markers, as
// many as given, of every version, label and annotate the CRD;
// +metagen:allowed-finalizers becomes the metagen.dev/allowed-finalizers
// annotation, so metagen's server enforces the list on a CRD as the
// generated validation does on the Go type.
//
// # The schema
//
// The schema is the type's OpenAPI schema (package openapi, with every
// validation marker) with its references expanded, and only the defaults
// markers declare. Descriptions and required lists are controller-gen's:
// doc comments keep their line breaks, lose marker and TODO lines and end
// at a "---" line, and required fields are sorted. metadata carries the name rules of +metagen:name-format
// as maxLength and pattern on metadata.name and generateName: kube-apiserver
// accepts those in a CRD (controller-tools#1424). Subresources: status with
// +kubebuilder:subresource:status (+genclient alone gives none, as with
// controller-gen); scale with
// +kubebuilder:subresource:scale. +kubebuilder:printcolumn adds printer
// columns, +kubebuilder:selectablefield selectable fields.
//
// # Against controller-gen
//
// On a corpus of kubebuilder-style types (testdata/kubebuilder), the CRDs
// agree field by field with controller-gen v0.23.0's, except for the
// deliberate differences listed with their reasons in controllergen_test.go
// (METAGEN_CONTROLLERGEN=1 go test ./generators/crd -run TestAgainstControllerGen).
//
// # Checked before it is written
//
// Every CRD goes through apiextensions' ValidateCustomResourceDefinition:
// structural schema, pruned and valid defaults, list and map types, and
// every CEL rule compiled and its cost estimated against the budget, as
// kube-apiserver would on create. Each problem becomes an error at the
// marker or declaration it comes from, and nothing is written.
package crd

import (
	"errors"
	"github.com/metagen-dev/metagen/generators/markers"
	"os"
	"path/filepath"
	"reflect"

	"github.com/metagen-dev/metagen/generators/diag"
	"github.com/metagen-dev/metagen/generators/gen"
	"github.com/metagen-dev/metagen/generators/model"
	"github.com/metagen-dev/metagen/generators/openapi"
)

// Generator writes the CRD manifests.
var Generator = &gen.Generator{
	Name: "crd",
	Doc:  "apiextensions.k8s.io/v1 CustomResourceDefinitions for the root types, checked with apiextensions' validation.",
	Markers: []markers.Definer{
		markers.MetagenCRDDir, markers.MetagenCRD, markers.MetagenPlural, markers.MetagenShortNames, markers.MetagenNameFormat, markers.GroupName, markers.VersionName,
		markers.Genclient, markers.GenclientNonNamespaced, markers.GenclientNoStatus, markers.KBObjectRoot, markers.KBResource, markers.KBSubresourceStatus,
		markers.KBSubresourceScale, markers.KBPrintColumn, markers.KBSelectableField, markers.KBStorageVersion, markers.KBUnservedVersion, markers.KBDeprecatedVersion,
		markers.KBSkipVersion, markers.KBMetadata, markers.MetagenAllowedFinalizers, markers.KBSkip,
	},
	Enabled:        func(pkg *model.Package) bool { return pkg.API.CRDDir != "" },
	Requires:       []*gen.Generator{openapi.Generator},
	Prepare:        prepare,
	ResultType:     reflect.TypeOf(&registry{}),
	RunAll:         runAll,
	OwnedFiles:     ownedFiles,
	ReadsResources: true,
}

// prepare gathers every resource of the run; the problems found while
// gathering (versions that disagree, say) are the run's, reported once.
func prepare(p *gen.Prep) (any, error) {
	r := gather(p.Universe)
	return r, errors.Join(r.errs...)
}

// runAll writes every CRD of the run: a CRD belongs to the run, not to one
// of the packages its versions come from.
func runAll(pass *gen.Pass) error {
	r := gen.ResultOf[*registry](pass, pass.Generator)
	var errs []error
	for _, res := range r.resources {
		body, resErrs := build(pass, res)
		errs = append(errs, resErrs...)
		if len(resErrs) == 0 {
			pass.AddYAML(res.path, body)
		}
	}
	if len(errs) > 0 {
		return errors.Join(diag.Sort(errs)...)
	}
	return nil
}

// ownedFiles are the manifests in the CRD directories of the loaded
// packages, for the groups they serve: those no longer produced are stale.
func ownedFiles(universe *model.Universe) []string {
	var out []string
	for _, pkg := range universe.Packages {
		if pkg.API.CRDDir == "" || !pkg.API.HasGroup {
			continue
		}
		pattern := filepath.Join(pkg.API.CRDDir, pkg.API.Group+"_*.yaml")
		matches, _ := filepath.Glob(pattern)
		for _, m := range matches {
			if info, err := os.Stat(m); err == nil && info.Mode().IsRegular() {
				out = append(out, m)
			}
		}
	}
	return out
}
