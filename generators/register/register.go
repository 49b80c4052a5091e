// Package register generates zz_generated.register.go as register-gen
// v0.37.2 writes it: GroupName, GroupVersion, SchemeGroupVersion, Resource,
// SchemeBuilder, localSchemeBuilder, AddToScheme, Install, and
// addKnownTypes registering every type that embeds metav1.TypeMeta.
//
// A package opts in with +groupName (register-gen's fallback) or
// +k8s:register-gen, and out with +k8s:register-gen=false. As register-gen
// does, nothing is generated for a package with a register.go; nothing is
// generated either when the package already declares one of the names by
// hand, which would not compile. The version is the package name.
//
// Other generators register through localSchemeBuilder from init, so
// AddToScheme brings their functions along (Generates tells them whether
// this generator will declare it). The file also records the root types'
// resources on the scheme (WriteResources), which validation's file does
// instead in packages without a generated register file.
package register

import (
	"errors"
	"github.com/metagen-dev/metagen/generators/markers"
	"go/types"
	"os"
	"path/filepath"
	"reflect"
	"sort"
	"strings"

	"github.com/dave/jennifer/jen"

	"github.com/metagen-dev/metagen/generators/deepcopy"
	"github.com/metagen-dev/metagen/generators/gen"
	"github.com/metagen-dev/metagen/generators/model"
)

// Generator writes zz_generated.register.go.
var Generator = &gen.Generator{
	Name:       "register",
	Doc:        "zz_generated.register.go for packages with +groupName and no register.go, as register-gen writes it.",
	Markers:    []markers.Definer{markers.GroupName, markers.K8sRegisterGen},
	OutputFile: outputFile,
	Enabled:    Generates,
	Requires:   []*gen.Generator{deepcopy.Generator},
	Prepare:    prepare,
	ResultType: reflect.TypeOf(&Result{}),
	Run:        run,
}

// Result is the generator's run result: which input packages get a
// generated zz_generated.register.go, for the generators that register
// with its localSchemeBuilder (validation) and require this one.
type Result struct{ generates map[*model.Package]bool }

// Generates reports whether the package gets a generated register file.
func (r *Result) Generates(pkg *model.Package) bool { return r.generates[pkg] }

func prepare(p *gen.Prep) (any, error) {
	r := &Result{generates: map[*model.Package]bool{}}
	for _, pkg := range p.Universe.Packages {
		r.generates[pkg] = Generates(pkg)
	}
	return r, nil
}

const (
	outputFile = "zz_generated.register.go"
	metav1Pkg  = "k8s.io/apimachinery/pkg/apis/meta/v1"
	runtimePkg = "k8s.io/apimachinery/pkg/runtime"
	schemaPkg  = "k8s.io/apimachinery/pkg/runtime/schema"
)

// declared are the names the generated file declares.
var declared = []string{"GroupName", "GroupVersion", "SchemeGroupVersion", "Resource", "SchemeBuilder", "localSchemeBuilder", "AddToScheme", "Install", "addKnownTypes"}

// Generates reports whether the package gets a generated register file.
func Generates(pkg *model.Package) bool {
	if m, ok := markers.K8sRegisterGen.Marker(pkg.Markers); ok {
		if strings.TrimSpace(m.Value) == "false" {
			return false
		}
	} else if !markers.GroupName.Has(pkg.Markers) {
		return false
	}
	if _, err := os.Stat(filepath.Join(pkg.Dir, "register.go")); err == nil {
		return false
	}
	for _, name := range declared {
		if pkg.Types != nil && pkg.Types.Scope().Lookup(name) != nil {
			return false
		}
	}
	return len(registered(pkg)) > 0
}

// registered are the types that embed metav1.TypeMeta, sorted by name.
func registered(pkg *model.Package) []string {
	var names []string
	for _, t := range pkg.NamedTypes {
		for _, f := range t.Fields {
			if f.Embedded && isExternalTypeMeta(f) {
				names = append(names, t.Name)
			}
		}
	}
	sort.Strings(names)
	return names
}

// isExternalTypeMeta reports whether f is metav1.TypeMeta with a json tag;
// register-gen leaves internal types (no json tags) alone.
func isExternalTypeMeta(f *model.Field) bool {
	named, ok := types.Unalias(f.Type()).(*types.Named)
	return ok && named.Obj().Name() == "TypeMeta" && named.Obj().Pkg() != nil &&
		named.Obj().Pkg().Path() == metav1Pkg && strings.Contains(f.Tag, "json")
}

func run(pass *gen.Pass) error {
	pkg := pass.Package
	if errs := notObjects(pkg, gen.ResultOf[*deepcopy.Result](pass, deepcopy.Generator)); len(errs) > 0 {
		return errors.Join(errs...)
	}
	f := pass.NewFile(outputFile)
	version := jen.Lit(pkg.API.PackageVersion)
	f.Comment("GroupName specifies the group name used to register the objects.")
	f.Const().Id("GroupName").Op("=").Lit(pkg.API.RegisterGroup) // the layer's: +groupName, else +k8s:register-gen=<group>
	f.Comment("GroupVersion specifies the group and the version used to register the objects.")
	f.Var().Id("GroupVersion").Op("=").Qual(metav1Pkg, "GroupVersion").Values(jen.Id("Group").Op(":").Id("GroupName"), jen.Id("Version").Op(":").Add(version.Clone()))
	f.Comment("SchemeGroupVersion is group version used to register these objects")
	f.Comment("")
	f.Comment("Deprecated: use GroupVersion instead.")
	f.Var().Id("SchemeGroupVersion").Op("=").Qual(schemaPkg, "GroupVersion").Values(jen.Id("Group").Op(":").Id("GroupName"), jen.Id("Version").Op(":").Add(version.Clone()))
	f.Comment("Resource takes an unqualified resource and returns a Group qualified GroupResource")
	f.Func().Id("Resource").Params(jen.Id("resource").String()).Qual(schemaPkg, "GroupResource").Block(
		jen.Return(jen.Id("SchemeGroupVersion").Dot("WithResource").Call(jen.Id("resource")).Dot("GroupResource").Call()))
	f.Var().Defs(
		jen.Comment("localSchemeBuilder and AddToScheme will stay in k8s.io/kubernetes."),
		jen.Id("SchemeBuilder").Qual(runtimePkg, "SchemeBuilder"),
		jen.Id("localSchemeBuilder").Op("=").Op("&").Id("SchemeBuilder"),
		jen.Comment("Deprecated: use Install instead"),
		jen.Id("AddToScheme").Op("=").Id("localSchemeBuilder").Dot("AddToScheme"),
		jen.Id("Install").Op("=").Id("localSchemeBuilder").Dot("AddToScheme"),
	)
	f.Func().Id("init").Params().Block(
		jen.Comment("We only register manually written functions here. The registration of the"),
		jen.Comment("generated functions takes place in the generated files. The separation"),
		jen.Comment("makes the code compile even when the generated files are missing."),
		jen.Id("localSchemeBuilder").Dot("Register").Call(jen.Id("addKnownTypes")),
	)
	f.Comment("Adds the list of known types to Scheme.")
	f.Func().Id("addKnownTypes").Params(jen.Id("scheme").Op("*").Qual(runtimePkg, "Scheme")).Error().Block(
		jen.Id("scheme").Dot("AddKnownTypes").CallFunc(func(g *jen.Group) {
			g.Id("SchemeGroupVersion")
			for _, name := range registered(pkg) {
				g.Line().Op("&").Id(name).Values()
			}
			g.Line()
		}),
		jen.Comment("AddToGroupVersion allows the serialization of client types like ListOptions."),
		jen.Qual(metav1Pkg, "AddToGroupVersion").Call(jen.Id("scheme"), jen.Id("SchemeGroupVersion")),
		jen.Return(jen.Nil()),
	)
	if RecordsResources(pkg) {
		WriteResources(f, pkg, "localSchemeBuilder", pkg.API.PackageVersion) // the version SchemeGroupVersion registers
	}
	return nil
}
