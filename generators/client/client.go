// Package client generates, for the +genclient types of API packages, what
// client-gen, lister-gen, informer-gen and applyconfiguration-gen v0.37.2
// generate together: a clientset on client-go's gentype with typed clients
// per group version (Apply and ApplyStatus included), a fake clientset,
// listers, informers with a shared informer factory, and apply
// configurations.
// Every typed client also carries the finalizer and deletion conventions of
// schema/lifecycle: AddFinalizer, RemoveFinalizer, DeleteWithOutcome,
// DeleteAndWait, and PatchStatus next to UpdateStatus.
//
// # Input
//
// The +genclient tags are read as client-gen reads them: nonNamespaced,
// noVerbs, noStatus, readonly, onlyVerbs, skipVerbs, and
// method=Name,verb=…,subresource=…,input=…,result=…. The group comes from
// +groupName in doc.go (where gengo reads package tags: elsewhere it is a
// warning), or, as client-gen has it, the parent directory of the
// package; +groupGoName (doc.go's too) names it in Go. The version is the
// package name.
// The resource comes from +resourceName, +metagen:plural,
// +kubebuilder:resource:path or client-gen's plural of the kind. A type must
// embed metav1.ObjectMeta and, for the list verb, have a <Kind>List;
// conflicting verb tags are positioned errors.
//
// # Output
//
// +metagen:client-output=<dir> on the package (relative to it; ../client by
// default) chooses where; API packages naming the same directory share one
// clientset. Under it, <group> is the name of the API package's parent
// directory, as code-generator's four tools name it (typed/batch/v1 for
// batch/v1, whatever its +groupGoName; a dotted one, whereabouts.cni.cncf.io,
// kept as it is), and the layout is:
//
//	clientset/                      Clientset, scheme/, fake/
//	clientset/typed/<group>/<version>[/fake]
//	listers/<group>/<version>
//	informers/                      SharedInformerFactory, generic.go, internalinterfaces/
//	informers/<group>[/<version>]
//	applyconfiguration/             utils.go (ForKind, NewTypeConverter), internal/ (the schema)
//	applyconfiguration/<group>/<version>
//
// Listers are written for types with the list and get verbs, informers
// for those that also have watch. As lister-gen and applyconfiguration-gen
// do, +genclient:noVerbs leaves a type its lister and apply configuration
// (client-go has ImageReview's), though its typed client has no methods.
//
// # Apply configurations
//
// As client-gen does when given --apply-configuration-package, a type with
// the apply verb gets Apply, and ApplyStatus when it serves a status, from
// gentype's ClientWithApply (and FakeClientWithApply), and
// +genclient:method=…,verb=apply methods are written out. Their
// configurations are applyconfiguration-gen's: one per struct type of the
// clientset's group versions that such a type reaches (pointer fields,
// With… builders that set, append to lists and put into maps, ObjectMeta's
// and TypeMeta's builders and getters on the roots), the constructor
// <Kind>(name[, namespace]), and Extract<Kind>, Extract<Kind>From and
// Extract<Kind><Subresource>. meta/v1's types take client-go's apply
// configurations; the input of an extra apply method may also be a type
// of k8s.io/api, whose configuration is client-go's; other types keep their
// Go type. The structured-merge-diff schema in internal/ is built from the
// types by the openapi generator's rules (listType, listMapKey, mapType,
// structType, defaults) and names each type by its OpenAPI model name, as
// runtime.Scheme does, so Extract and the fake's field manager agree with
// the server. The fake clientset's NewClientset tracks managed fields
// (client-go's field-managed tracker with NewTypeConverter) and serves
// apply; NewSimpleClientset does not. Types an extra method names from a package
// the API package does not import are taken as written; compiling the
// output checks them. A clientset holds the packages of one run, so
// generate every package that shares a clientset together.
//
// # controller-gen's apply configurations
//
// A package with +kubebuilder:ac:generate=true gets what controller-gen
// v0.23.0's applyconfiguration writes (acgen.go), with no clients: the apply
// configurations of its roots and of what they reach, into
// +kubebuilder:ac:output:package (relative to the package, applyconfiguration
// by default) under <the last two elements of the package path>, with
// utils.go and internal/ at its top. The roots are the types with
// +kubebuilder:ac:generate=true, and those with +kubebuilder:resource but
// not =false, cluster-scoped by the resource's scope; a root without
// ObjectMeta gets none itself (a warning), as controller-gen skips it.
// ForKind names GroupVersion where the package declares no
// SchemeGroupVersion (controller-gen's does not compile then).
//
// Both fake clientsets keep objects with finalizers on DELETE, as
// kube-apiserver does (client-go's fake deletes them at once); an apply to
// a terminating object is not checked that way. Both run the validation
// registered in the scheme (generated validation's) on create, update,
// patch and apply, of the object and of /status, and answer 422 Invalid as
// kube-apiserver does (lifecycle.FakeValidator); the Clientset's
// WithoutValidation turns that off for tests that need invalid objects.
//
// An extra patch method on a subresource patches it when the caller names
// no subresource (client-gen's patches only those the caller names).
// clientgen_test.go compares the output with code-generator's and lists
// every deliberate difference with its reason
// (METAGEN_CLIENTGEN=1 go test ./generators/client -run TestAgainstCodeGenerator).
package client

import (
	"errors"
	"fmt"
	"io/fs"
	"path/filepath"
	"reflect"
	"strings"

	"github.com/metagen-dev/metagen/generators/gen"
	"github.com/metagen-dev/metagen/generators/markers"
	"github.com/metagen-dev/metagen/generators/model"
	"github.com/metagen-dev/metagen/generators/openapi"
)

// The client generator's options: kube_codegen.sh gen_client's and
// client-gen's, under the same names.
var (
	OptionDir = &gen.Option{Name: "client-dir",
		Usage: "write clients into DIR, relative to the module root (kube_codegen.sh --output-dir)"}
	OptionClientsetName = &gen.Option{Name: "clientset-name", Check: checkClientsetName,
		Usage: "put the clientset in clientset/NAME (client-gen --clientset-name)"}
	OptionWithApplyconfig = &gen.Option{Name: "with-applyconfig", Bool: true, Default: "true",
		Usage: "generate apply configurations and Apply methods (kube_codegen.sh gen_client --with-applyconfig); --with-applyconfig=false leaves them out"}
	OptionWithWatch = &gen.Option{Name: "with-watch", Bool: true, Default: "true",
		Usage: "generate listers and informers (kube_codegen.sh gen_client --with-watch); --with-watch=false leaves them out"}
)

// checkClientsetName wants one directory name.
func checkClientsetName(name string) error {
	if strings.ContainsAny(name, `/\`) || name == "." || name == ".." {
		return fmt.Errorf("want one directory name")
	}
	return nil
}

// Generator writes the clientset, listers and informers.
var Generator = &gen.Generator{
	Name: "client",
	Doc:  "Clientset, fake clientset, listers, informers and apply configurations for +genclient types, as client-gen, lister-gen, informer-gen and applyconfiguration-gen write them, with the finalizer and deletion conventions on every typed client. Output goes under the package's +metagen:client-output directory: clientset/, listers/, informers/ and applyconfiguration/<group>/<version> (with utils.go and internal/, the schema that Extract<Kind> and the fake's NewClientset use for server-side apply). A package with +kubebuilder:ac:generate=true gets controller-gen's apply configurations alone, in applyconfiguration/ beside it (+kubebuilder:ac:output:package).",
	Markers: []markers.Definer{
		markers.Genclient, markers.GenclientNonNamespaced, markers.GenclientNoVerbs, markers.GenclientNoStatus, markers.GenclientReadonly,
		markers.GenclientOnlyVerbs, markers.GenclientSkipVerbs, markers.GenclientMethod, markers.ResourceName, markers.MetagenPlural,
		markers.GroupName, markers.GroupGoName, markers.MetagenClientOutput, markers.KBACGenerate, markers.KBACOutputPackage,
	},
	Options:        []*gen.Option{OptionDir, OptionClientsetName, OptionWithWatch, OptionWithApplyconfig},
	Enabled:        enabled,
	Requires:       []*gen.Generator{openapi.Generator},
	StructureOnly:  []*gen.Generator{openapi.Generator}, // the apply configurations' schema: fields, list and map types
	Prepare:        prepare,
	ResultType:     reflect.TypeOf(&plan{}),
	Run:            run,
	RunAll:         runAll,
	OwnedFiles:     ownedFiles,
	ReadsResources: true,
}

// enabled reports whether a package has a +genclient type, or asks for
// controller-gen's apply configurations.
func enabled(pkg *model.Package) bool { return hasGenclient(pkg) || acEnabled(pkg) }

// hasGenclient reports whether a package has a +genclient type.
func hasGenclient(pkg *model.Package) bool {
	for _, t := range pkg.NamedTypes {
		if markers.Genclient.Has(t.Markers) {
			return true
		}
	}
	return false
}

// run writes one package's files: its typed clients, fakes, listers and
// informers, its apply configurations (and, for controller-gen's
// +kubebuilder:ac:generate, its own clientset's utilities).
func run(pass *gen.Pass) error {
	p := planFor(pass)
	if p.failed[pass.Package.Path] {
		return nil // its problems are the run's (prepare)
	}
	for _, w := range p.pkgWarnings[pass.Package.Path] {
		pass.Warn(w.Pos, "%s", w.Msg)
	}
	if acs := p.acByPackage[pass.Package.Path]; acs != nil {
		for _, w := range acs.warnings {
			pass.Warn(w.Pos, "%s", w.Msg)
		}
		if err := writeApplyConfigurations(pass, acs, acs.Groups[0]); err != nil { // the package's own clientset
			return err
		}
		if err := writeApplyConfigurationUtils(pass, acs); err != nil {
			return err
		}
	}
	cs := p.byPackage[pass.Package.Path]
	if cs == nil {
		return nil
	}
	gv := cs.groupOf(pass.Package)
	writeTyped(pass, cs, gv)
	writeTypedFake(pass, cs, gv)
	if OptionWithWatch.On(pass.Universe.Settings) { // kube_codegen.sh --with-watch
		writeListers(pass, cs, gv)
		writeVersionInformers(pass, cs, gv)
	}
	// Last: they wait for the clientset's apply schema (startApplySchemas).
	return writeApplyConfigurations(pass, cs, gv)
}

// runAll writes the files that belong to a clientset of the whole run
// rather than to one of its packages: the clientset, each group's
// informers, the informer factory and the apply configurations' utilities.
// A clientset (or a group) whose first package's planning failed gets
// none: the run's errors are that package's.
func runAll(pass *gen.Pass) error {
	p := planFor(pass)
	watch := OptionWithWatch.On(pass.Universe.Settings)
	var errs []error
	for _, cs := range p.clientsets {
		if watch {
			for _, gv := range cs.groups() {
				if !p.failed[gv.Pkg.Path] {
					writeGroupInformers(pass, cs, gv)
				}
			}
		}
		if p.failed[cs.Groups[0].Pkg.Path] {
			continue
		}
		writeClientset(pass, cs)
		if watch {
			writeInformerFactory(pass, cs)
		}
		// Last: it waits for the clientset's apply schema.
		if err := writeApplyConfigurationUtils(pass, cs); err != nil {
			errs = append(errs, err)
		}
	}
	return errors.Join(errs...)
}

// ownedFiles are the Go files under the clientset, listers and informers
// directories of every clientset of the run: those that carry our header and
// that the run does not produce are stale (a type lost +genclient, say),
// and the trees left when the last +genclient went (orphanedFiles).
func ownedFiles(u *model.Universe) []string {
	var files []string
	seen := map[string]bool{}
	for _, pkg := range u.Packages {
		if acEnabled(pkg) {
			if dir, err := acOutputDir(u, pkg); err == nil {
				files = append(files, goFilesUnder(dir)...)
			}
		}
		if !hasGenclient(pkg) {
			continue
		}
		dir, err := outputDir(u, pkg)
		if err != nil || seen[dir] {
			continue
		}
		seen[dir] = true
		for _, tree := range (&clientset{Dir: dir}).trees() {
			files = append(files, goFilesUnder(tree)...)
		}
	}
	return append(files, orphanedFiles(u, seen)...)
}

// goFilesUnder lists the .go files in dir and below; a missing dir has none.
func goFilesUnder(dir string) []string {
	var files []string
	_ = filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
		if err == nil && !d.IsDir() && strings.HasSuffix(path, ".go") {
			files = append(files, path)
		}
		return nil
	})
	return files
}
