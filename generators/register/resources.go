package register

import (
	"sort"

	"github.com/dave/jennifer/jen"

	"github.com/metagen-dev/metagen/generators/model"
)

const (
	resourcesPkg = "github.com/metagen-dev/metagen/schema/resources"
	// registerResources is the generated function that records the
	// package's resources on a scheme.
	registerResources = "RegisterResources"
)

// RecordsResources reports whether WriteResources has something to write
// for the package: root types in an API group, and no RegisterResources
// declared by hand.
func RecordsResources(pkg *model.Package) bool {
	if pkg.Types != nil && pkg.Types.Scope().Lookup(registerResources) != nil {
		return false
	}
	return pkg.API.HasGroup && len(resourcesOf(pkg)) > 0
}

// WriteResources writes RegisterResources, which records each root type's
// resource as the Kubernetes layer gives it (the names, scope and /status
// of its CRD and typed client) on a scheme with schema/resources, and an
// init registering it with builder, the package's scheme builder, so that
// AddToScheme brings the names along: a server serving the scheme (the
// in-process one) then serves what the clients request, with or without
// the CRDs. version is the version the package's scheme registers its kinds
// in: register-gen's is the package name, a hand-written register.go's is
// taken to be the layer's (+versionName, else the package name). Call it
// only when RecordsResources.
func WriteResources(f *jen.File, pkg *model.Package, builder, version string) {
	f.Line()
	f.Func().Id("init").Params().Block(
		jen.Id(builder).Dot("Register").Call(jen.Id(registerResources)),
	)
	f.Comment(registerResources + " records how the package's kinds are served (names, scope,")
	f.Comment("subresources), as their CRDs and typed clients name them, for API servers")
	f.Comment("that serve the scheme.")
	f.Func().Id(registerResources).Params(jen.Id("scheme").Op("*").Qual(runtimePkg, "Scheme")).Error().BlockFunc(func(g *jen.Group) {
		for _, res := range resourcesOf(pkg) {
			g.Qual(resourcesPkg, "Register").Call(jen.Id("scheme"), gvkLiteral(pkg.API.Group, version, res.Kind), namesLiteral(res))
		}
		g.Return(jen.Nil())
	})
}

// resourcesOf are the package's root types' resources, sorted by kind.
func resourcesOf(pkg *model.Package) []*model.Resource {
	var out []*model.Resource
	for _, t := range pkg.NamedTypes {
		if t.Resource != nil {
			out = append(out, t.Resource)
		}
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Kind < out[j].Kind })
	return out
}

func gvkLiteral(group, version, kind string) jen.Code {
	return jen.Qual(schemaPkg, "GroupVersionKind").Values(
		field("Group", jen.Lit(group)), field("Version", jen.Lit(version)), field("Kind", jen.Lit(kind)))
}

// namesLiteral is res's resources.Names (the layer's run-time shape), with only its non-zero fields,
// in the order Names declares them.
func namesLiteral(res *model.Resource) jen.Code {
	fields := []jen.Code{field("Plural", jen.Lit(res.Plural)), field("Singular", jen.Lit(res.Singular))}
	if len(res.ShortNames) > 0 {
		fields = append(fields, field("ShortNames", stringsLiteral(res.ShortNames)))
	}
	if len(res.Categories) > 0 {
		fields = append(fields, field("Categories", stringsLiteral(res.Categories)))
	}
	for _, flag := range []struct {
		name string
		on   bool
	}{
		{"ClusterScoped", res.ClusterScoped},
		{"StatusSubresource", res.StatusSubresource},
		{"Unserved", res.Unserved},
		{"StorageVersion", res.StorageVersion},
	} {
		if flag.on {
			fields = append(fields, field(flag.name, jen.True()))
		}
	}
	return jen.Qual(resourcesPkg, "Names").Values(fields...)
}

func field(name string, value jen.Code) jen.Code { return jen.Id(name).Op(":").Add(value) }

func stringsLiteral(values []string) jen.Code {
	return jen.Index().String().ValuesFunc(func(g *jen.Group) {
		for _, v := range values {
			g.Lit(v)
		}
	})
}
