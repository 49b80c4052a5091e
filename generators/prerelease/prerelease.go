// Package prerelease generates zz_generated.prerelease-lifecycle.go as
// prerelease-lifecycle-gen v0.37.2 writes it: APILifecycleIntroduced,
// APILifecycleDeprecated, APILifecycleReplacement and APILifecycleRemoved on
// every exported struct that embeds TypeMeta, in packages marked
// +k8s:prerelease-lifecycle-gen=true.
//
// The versions follow upstream's policy: deprecated defaults to introduced
// plus three minors and removed to deprecated plus three; a GA package (vN)
// gets Deprecated and Removed only when they are written. A method the type
// already declares by hand is not generated.
package prerelease

import (
	"errors"
	"go/types"
	"path"
	"regexp"
	"sort"

	"github.com/dave/jennifer/jen"

	"github.com/metagen-dev/metagen/generators/diag"
	"github.com/metagen-dev/metagen/generators/gen"
	"github.com/metagen-dev/metagen/generators/markers"
	"github.com/metagen-dev/metagen/generators/model"
)

const (
	outputFile = "zz_generated.prerelease-lifecycle.go"
	schemaPkg  = "k8s.io/apimachinery/pkg/runtime/schema"
)

// Generator writes zz_generated.prerelease-lifecycle.go.
var Generator = &gen.Generator{
	Name:       "prerelease-lifecycle",
	Doc:        "zz_generated.prerelease-lifecycle.go (APILifecycleIntroduced/Deprecated/Removed/Replacement) for packages with +k8s:prerelease-lifecycle-gen=true, as prerelease-lifecycle-gen writes it.",
	Markers:    []markers.Definer{markers.K8sPrereleaseLifecycleGen, markers.K8sPrereleaseLifecycleGenIntroduced, markers.K8sPrereleaseLifecycleGenDeprecated, markers.K8sPrereleaseLifecycleGenRemoved, markers.K8sPrereleaseLifecycleGenReplacement},
	OutputFile: outputFile,
	Enabled:    Enabled,
	Run:        run,
}

// Enabled is upstream's Boolean activation: any package value but "false".
func Enabled(pkg *model.Package) bool {
	enabled := false
	for _, m := range markers.K8sPrereleaseLifecycleGen.Markers(pkg.Markers) {
		if m.Value == "false" {
			return false
		}
		enabled = true
	}
	return enabled
}

var gaVersion = regexp.MustCompile(`^v\d+$`)

// release is a Kubernetes major.minor.
type release struct{ major, minor int }

// lifecycle is what one type's methods return; nil fields are not generated.
type lifecycle struct {
	introduced  release
	deprecated  *release
	removed     *release
	replacement *[3]string // group, version, kind
}

func run(pass *gen.Pass) error {
	pkg := pass.Package
	isGA := gaVersion.MatchString(path.Base(pkg.Path))
	var errs []error
	var file *jen.File
	for _, t := range apiTypes(pkg) {
		life, err := lifecycleOf(t, isGA)
		if err != nil {
			errs = append(errs, err)
			continue
		}
		declared, err := declaredMethods(t)
		if err != nil {
			errs = append(errs, err)
			continue
		}
		if file == nil {
			file = pass.NewFile(outputFile)
		}
		writeMethods(file, t.Name, life, declared)
	}
	return errors.Join(errs...)
}

// apiTypes are upstream's isAPIType: exported structs (not aliases) with an
// embedded field called TypeMeta, sorted by name as gengo orders them.
func apiTypes(pkg *model.Package) []*model.Type {
	var out []*model.Type
	for _, t := range pkg.NamedTypes {
		if t.IsAlias() || !t.Object.Exported() {
			continue
		}
		for _, f := range t.StructFields() {
			if f.Embedded && f.GoName == "TypeMeta" {
				out = append(out, t)
				break
			}
		}
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Name < out[j].Name })
	return out
}

func lifecycleOf(t *model.Type, isGA bool) (lifecycle, error) {
	var life lifecycle
	m, ok := markers.K8sPrereleaseLifecycleGenIntroduced.Marker(t.Markers)
	if !ok {
		return life, diag.Errorf(t.Pos, "type %s embeds TypeMeta in a +%s package but has no +%s=<major>.<minor> marker", t.Name, markers.K8sPrereleaseLifecycleGen, markers.K8sPrereleaseLifecycleGenIntroduced)
	}
	life.introduced = releaseOf(m)
	deprecated := release{life.introduced.major, life.introduced.minor + 3}
	if m, ok := markers.K8sPrereleaseLifecycleGenDeprecated.Marker(t.Markers); ok {
		deprecated = releaseOf(m)
		life.deprecated = &deprecated
	} else if !isGA {
		life.deprecated = &deprecated
	}
	removed := release{deprecated.major, deprecated.minor + 3}
	if m, ok := markers.K8sPrereleaseLifecycleGenRemoved.Marker(t.Markers); ok {
		removed = releaseOf(m)
		life.removed = &removed
	} else if !isGA {
		life.removed = &removed
	}
	if r, ok := markers.K8sPrereleaseLifecycleGenReplacement.On(t.Markers); ok {
		life.replacement = &[3]string{r.Group, r.Version, r.Kind}
	}
	return life, nil
}

// releaseOf is the release a marker's value, typed at load, names.
func releaseOf(m markers.Marker) release {
	r, _ := markers.Value[markers.Release](m)
	return release{r.Major, r.Minor}
}

var methodNames = []string{"APILifecycleIntroduced", "APILifecycleDeprecated", "APILifecycleReplacement", "APILifecycleRemoved"}

// declaredMethods are the lifecycle methods written by hand; like upstream,
// a wrong signature is an error rather than a method silently kept.
func declaredMethods(t *model.Type) (map[string]bool, error) {
	named := t.Named()
	out := map[string]bool{}
	if named == nil {
		return out, nil
	}
	for i := range named.NumMethods() {
		fn := named.Method(i)
		for _, name := range methodNames {
			if fn.Name() != name {
				continue
			}
			sig := fn.Type().(*types.Signature)
			want := 2
			if name == "APILifecycleReplacement" {
				want = 1
			}
			if sig.Params().Len() != 0 || sig.Results().Len() != want {
				return nil, diag.Errorf(t.Pos, "type %s declares %s with the wrong signature: want no parameters and %d results", t.Name, name, want)
			}
			out[name] = true
		}
	}
	return out, nil
}

func writeMethods(file *jen.File, typeName string, life lifecycle, declared map[string]bool) {
	receiver := jen.Id("in").Op("*").Id(typeName)
	versionMethod := func(name string, r release, doc ...string) {
		for _, line := range doc {
			file.Comment(line)
		}
		file.Func().Params(receiver.Clone()).Id(name).Params().Params(jen.Id("major"), jen.Id("minor").Int()).Block(
			jen.Return(jen.Lit(r.major), jen.Lit(r.minor)),
		)
		file.Line()
	}
	if !declared["APILifecycleIntroduced"] {
		versionMethod("APILifecycleIntroduced", life.introduced,
			"APILifecycleIntroduced is an autogenerated function, returning the release in which the API struct was introduced as int versions of major and minor for comparison.",
			`It is controlled by "`+markers.K8sPrereleaseLifecycleGenIntroduced.Name+`" tags in types.go.`)
	}
	if life.deprecated != nil && !declared["APILifecycleDeprecated"] {
		versionMethod("APILifecycleDeprecated", *life.deprecated,
			"APILifecycleDeprecated is an autogenerated function, returning the release in which the API struct was or will be deprecated as int versions of major and minor for comparison.",
			`It is controlled by "`+markers.K8sPrereleaseLifecycleGenDeprecated.Name+`" tags in types.go or  "`+markers.K8sPrereleaseLifecycleGenIntroduced.Name+`" plus three minor.`)
	}
	if life.replacement != nil && !declared["APILifecycleReplacement"] {
		gvk := life.replacement
		file.Comment("APILifecycleReplacement is an autogenerated function, returning the group, version, and kind that should be used instead of this deprecated type.")
		file.Comment(`It is controlled by "` + markers.K8sPrereleaseLifecycleGenReplacement.Name + `=<group>,<version>,<kind>" tags in types.go.`)
		file.Func().Params(receiver.Clone()).Id("APILifecycleReplacement").Params().Qual(schemaPkg, "GroupVersionKind").Block(
			jen.Return(jen.Qual(schemaPkg, "GroupVersionKind").Values(
				jen.Id("Group").Op(":").Lit(gvk[0]), jen.Id("Version").Op(":").Lit(gvk[1]), jen.Id("Kind").Op(":").Lit(gvk[2]),
			)),
		)
		file.Line()
	}
	if life.removed != nil && !declared["APILifecycleRemoved"] {
		versionMethod("APILifecycleRemoved", *life.removed,
			"APILifecycleRemoved is an autogenerated function, returning the release in which the API is no longer served as int versions of major and minor for comparison.",
			`It is controlled by "`+markers.K8sPrereleaseLifecycleGenRemoved.Name+`" tags in types.go or  "`+markers.K8sPrereleaseLifecycleGenDeprecated.Name+`" plus three minor.`)
	}
}
