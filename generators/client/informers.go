package client

import (
	"strings"

	"github.com/dave/jennifer/jen"

	"github.com/metagen-dev/metagen/generators/gen"
)

// informed returns the types of gv that get informers.
func informed(gv *groupVersion) []*clientType {
	var out []*clientType
	for _, ct := range gv.Types {
		if hasInformer(ct) {
			out = append(out, ct)
		}
	}
	return out
}

// informedGroups are the group versions with at least one informer.
func (cs *clientset) informedGroups() []*groupVersion {
	var out []*groupVersion
	for _, gv := range cs.Groups {
		if len(informed(gv)) > 0 {
			out = append(out, gv)
		}
	}
	return out
}

// writeVersionInformers writes informers/<group>/<version>.
func writeVersionInformers(pass *gen.Pass, cs *clientset, gv *groupVersion) {
	types := informed(gv)
	if len(types) == 0 {
		return
	}
	w := cs.informerVersionPkg(gv)
	f := cs.newFile(pass, w, "interface.go")
	f.Comment("Interface provides access to all the informers in this group version.")
	f.Type().Id("Interface").InterfaceFunc(func(g *jen.Group) {
		for _, ct := range types {
			g.Commentf("%s returns a %sInformer.", ct.GoPlural, ct.Kind)
			g.Id(ct.GoPlural).Params().Id("Typed" + ct.Kind + "Informer")
		}
	})
	writeScoped(f, cs, "version")
	for _, ct := range types {
		f.Commentf("%s returns a Typed%sInformer.", ct.GoPlural, ct.Kind)
		f.Func().Params(jen.Id("v").Op("*").Id("version")).Id(ct.GoPlural).Params().Id("Typed" + ct.Kind + "Informer").Block(
			jen.Return(jen.Op("&").Id(lowerFirst(ct.Kind) + "Informer").ValuesFunc(func(g *jen.Group) {
				g.Id("factory").Op(":").Id("v").Dot("factory")
				if ct.Namespaced {
					g.Id("namespace").Op(":").Id("v").Dot("namespace")
				}
				g.Id("tweakListOptions").Op(":").Id("v").Dot("tweakListOptions")
			})))
	}
	for _, ct := range types {
		writeTypeInformer(cs.newFile(pass, w, strings.ToLower(ct.Kind)+".go"), cs, gv, ct)
	}
}

// writeScoped declares the struct that carries a factory, namespace and
// list tweak down to the informers, and its constructor.
func writeScoped(f *jen.File, cs *clientset, name string) {
	ii := cs.internalInterfaces().pkgPath
	f.Type().Id(name).Struct(
		jen.Id("factory").Qual(ii, "SharedInformerFactory"),
		jen.Id("namespace").String(),
		jen.Id("tweakListOptions").Qual(ii, "TweakListOptionsFunc"),
	)
	f.Comment("New returns a new Interface.")
	f.Func().Id("New").Params(jen.Id("f").Qual(ii, "SharedInformerFactory"), jen.Id("namespace").String(),
		jen.Id("tweakListOptions").Qual(ii, "TweakListOptionsFunc")).Id("Interface").Block(
		jen.Return(jen.Op("&").Id(name).Values(jen.Dict{
			jen.Id("factory"): jen.Id("f"), jen.Id("namespace"): jen.Id("namespace"), jen.Id("tweakListOptions"): jen.Id("tweakListOptions"),
		})))
}

// writeGroupInformers writes informers/<group>/interface.go.
func writeGroupInformers(pass *gen.Pass, cs *clientset, gv *groupVersion) {
	var versions []*groupVersion
	for _, v := range cs.versionsOf(gv.Group) {
		if len(informed(v)) > 0 {
			versions = append(versions, v)
		}
	}
	if len(versions) == 0 {
		return
	}
	f := cs.newFile(pass, cs.informerGroupPkg(gv), "interface.go")
	f.Comment("Interface provides access to each of this group's versions.")
	f.Type().Id("Interface").InterfaceFunc(func(g *jen.Group) {
		for _, v := range versions {
			g.Commentf("%s provides access to shared informers for resources in %s.", upperFirst(v.Version), upperFirst(v.Version))
			g.Id(upperFirst(v.Version)).Params().Qual(cs.informerVersionPkg(v).pkgPath, "Interface")
		}
	})
	writeScoped(f, cs, "group")
	for _, v := range versions {
		pkg := cs.informerVersionPkg(v).pkgPath
		f.Commentf("%s returns a new %s.Interface.", upperFirst(v.Version), v.Version)
		f.Func().Params(jen.Id("g").Op("*").Id("group")).Id(upperFirst(v.Version)).Params().Qual(pkg, "Interface").Block(
			jen.Return(jen.Qual(pkg, "New").Call(jen.Id("g").Dot("factory"), jen.Id("g").Dot("namespace"), jen.Id("g").Dot("tweakListOptions"))))
	}
}

// writeTypeInformer is informers/<group>/<version>/<type>.go.
func writeTypeInformer(f *jen.File, cs *clientset, gv *groupVersion, ct *clientType) {
	kind, impl := ct.Kind, lowerFirst(ct.Kind)+"Informer"
	lister := jen.Qual(cs.listersPkg(gv).pkgPath, kind+"Lister")
	ii := cs.internalInterfaces().pkgPath
	indexInformer := kind + "IndexInformer"

	f.Commentf("%sInformer provides access to a shared informer and lister for", kind)
	f.Commentf("%s. Prefer using the type-safe variant (see [Typed%sInformer]).", ct.GoPlural, kind)
	f.Type().Id(kind+"Informer").Interface(
		jen.Id("Informer").Params().Qual(cachePkg, "SharedIndexInformer"),
		jen.Id("Lister").Params().Add(lister.Clone()),
	)
	f.Commentf("Typed%sInformer provides access to a shared informer and lister for", kind)
	f.Commentf("%s, including the type-safe TypedInformer variant.", ct.GoPlural)
	f.Type().Id("Typed"+kind+"Informer").Interface(
		jen.Id("Informer").Params().Qual(cachePkg, "SharedIndexInformer"),
		jen.Id("TypedInformer").Params().Id(indexInformer),
		jen.Id("Lister").Params().Add(lister.Clone()),
	)
	f.Commentf("%s is a wrapper around the underlying [cache.SharedIndexInformer]", indexInformer)
	f.Comment("with type-safe variants of several methods.")
	f.Type().Id(indexInformer).Qual(cachePkg, "TypedSharedIndexInformer").Types(obj(ct))

	fields := []jen.Code{jen.Id("factory").Qual(ii, "SharedInformerFactory"), jen.Id("tweakListOptions").Qual(ii, "TweakListOptionsFunc")}
	if ct.Namespaced {
		fields = append(fields, jen.Id("namespace").String())
	}
	f.Commentf("%s implements Typed%sInformer.", impl, kind)
	f.Type().Id(impl).Struct(fields...)

	writeInformerConstructors(f, cs, gv, ct)

	defaultArgs := []jen.Code{jen.Id("client")}
	if ct.Namespaced {
		defaultArgs = append(defaultArgs, jen.Id("f").Dot("namespace"))
	}
	f.Func().Params(jen.Id("f").Op("*").Id(impl)).Id("defaultInformer").
		Params(jen.Id("client").Qual(cs.clientsetPkg().pkgPath, "Interface"), jen.Id("resyncPeriod").Qual(timePkg, "Duration")).
		Qual(cachePkg, "SharedIndexInformer").Block(
		jen.Return(jen.Id("NewTyped" + kind + "InformerWithOptions").Call(append(defaultArgs, jen.Qual(ii, "InformerOptions").Values(jen.Dict{
			jen.Id("ResyncPeriod"):     jen.Id("resyncPeriod"),
			jen.Id("Indexers"):         jen.Qual(cachePkg, "Indexers").Values(jen.Dict{jen.Qual(cachePkg, "NamespaceIndex"): jen.Qual(cachePkg, "MetaNamespaceIndexFunc")}),
			jen.Id("InformerName"):     jen.Id("f").Dot("factory").Dot("InformerName").Call(),
			jen.Id("TweakListOptions"): jen.Id("f").Dot("tweakListOptions"),
		}))...)))
	f.Commentf("Informer returns the shared informer for %s.", ct.GoPlural)
	f.Func().Params(jen.Id("f").Op("*").Id(impl)).Id("Informer").Params().Qual(cachePkg, "SharedIndexInformer").Block(
		jen.Return(jen.Id("f").Dot("TypedInformer").Call()))
	f.Commentf("TypedInformer returns the shared informer for %s, with type-safe methods.", ct.GoPlural)
	f.Func().Params(jen.Id("f").Op("*").Id(impl)).Id("TypedInformer").Params().Id(indexInformer).Block(
		jen.Return(jen.Qual(cachePkg, "NewTypedSharedIndexInformer").Types(obj(ct)).Call(
			jen.Id("f").Dot("factory").Dot("InformerFor").Call(jen.Op("&").Qual(ct.T.Package.Path, kind).Values(), jen.Id("f").Dot("defaultInformer")))))
	f.Commentf("Lister returns a lister over the shared informer's cache of %s.", ct.GoPlural)
	f.Func().Params(jen.Id("f").Op("*").Id(impl)).Id("Lister").Params().Add(lister.Clone()).Block(
		jen.Return(jen.Qual(cs.listersPkg(gv).pkgPath, "New"+kind+"Lister").Call(jen.Id("f").Dot("Informer").Call().Dot("GetIndexer").Call())))
}

// writeInformerConstructors writes the New…Informer functions informer-gen
// offers, all built on NewTyped…InformerWithOptions.
func writeInformerConstructors(f *jen.File, cs *clientset, gv *groupVersion, ct *clientType) {
	kind := ct.Kind
	ii := cs.internalInterfaces().pkgPath
	client := jen.Id("client").Qual(cs.clientsetPkg().pkgPath, "Interface")
	lead := []jen.Code{client}
	args := []jen.Code{jen.Id("client")}
	if ct.Namespaced {
		lead = append(lead, jen.Id("namespace").String())
		args = append(args, jen.Id("namespace"))
	}
	params := func(extra ...jen.Code) []jen.Code { return append(append([]jen.Code{}, lead...), extra...) }
	call := func(extra ...jen.Code) []jen.Code { return append(append([]jen.Code{}, args...), extra...) }
	resync := jen.Id("resyncPeriod").Qual(timePkg, "Duration")
	indexers := jen.Id("indexers").Qual(cachePkg, "Indexers")
	tweak := jen.Id("tweakListOptions").Qual(ii, "TweakListOptionsFunc")
	options := func(d jen.Dict) jen.Code { return jen.Qual(ii, "InformerOptions").Values(d) }

	f.Commentf("New%sInformer constructs a new informer for %s type.", kind, kind)
	f.Comment("Always prefer using an informer factory to get a shared informer instead of getting an independent")
	f.Comment("one. This reduces memory footprint and number of connections to the server.")
	f.Func().Id("New"+kind+"Informer").Params(params(resync.Clone(), indexers.Clone())...).Qual(cachePkg, "SharedIndexInformer").Block(
		jen.Return(jen.Id("New" + kind + "InformerWithOptions").Call(call(options(jen.Dict{
			jen.Id("ResyncPeriod"): jen.Id("resyncPeriod"), jen.Id("Indexers"): jen.Id("indexers"),
		}))...)))
	f.Commentf("NewFiltered%sInformer constructs a new informer for %s type.", kind, kind)
	f.Comment("Always prefer using an informer factory to get a shared informer instead of getting an independent")
	f.Comment("one. This reduces memory footprint and number of connections to the server.")
	f.Func().Id("NewFiltered"+kind+"Informer").Params(params(resync.Clone(), indexers.Clone(), tweak.Clone())...).Qual(cachePkg, "SharedIndexInformer").Block(
		jen.Return(jen.Id("New" + kind + "InformerWithOptions").Call(call(options(jen.Dict{
			jen.Id("ResyncPeriod"): jen.Id("resyncPeriod"), jen.Id("Indexers"): jen.Id("indexers"), jen.Id("TweakListOptions"): jen.Id("tweakListOptions"),
		}))...)))
	f.Commentf("New%sInformerWithOptions constructs a new informer for %s type with additional options.", kind, kind)
	f.Func().Id("New"+kind+"InformerWithOptions").Params(params(jen.Id("options").Qual(ii, "InformerOptions"))...).Qual(cachePkg, "SharedIndexInformer").Block(
		jen.Return(jen.Id("NewTyped" + kind + "InformerWithOptions").Call(call(jen.Id("options"))...)))
	f.Commentf("NewTyped%sInformerWithOptions constructs a new type-safe informer for %s type with additional options.", kind, kind)
	f.Func().Id("NewTyped"+kind+"InformerWithOptions").Params(params(jen.Id("options").Qual(ii, "InformerOptions"))...).Id(kind+"IndexInformer").Block(
		jen.Id("gvr").Op(":=").Qual(schemaPkg, "GroupVersionResource").Values(jen.Dict{
			jen.Id("Group"): jen.Lit(gv.Group), jen.Id("Version"): jen.Lit(gv.Version), jen.Id("Resource"): jen.Lit(ct.Plural),
		}),
		jen.Id("identifier").Op(":=").Id("options").Dot("InformerName").Dot("WithResource").Call(jen.Id("gvr")),
		jen.Id("tweakListOptions").Op(":=").Id("options").Dot("TweakListOptions"),
		jen.Return(jen.Qual(cachePkg, "NewTypedSharedIndexInformer").Types(obj(ct)).Call(
			jen.Qual(cachePkg, "NewSharedIndexInformerWithOptions").Call(
				jen.Qual(cachePkg, "ToListWatcherWithWatchListSemantics").Call(
					jen.Op("&").Qual(cachePkg, "ListWatch").Values(listWatchFuncs(cs, gv, ct)),
					jen.Id("client"),
				),
				jen.Op("&").Qual(ct.T.Package.Path, kind).Values(),
				jen.Qual(cachePkg, "SharedIndexInformerOptions").Values(jen.Dict{
					jen.Id("ResyncPeriod"): jen.Id("options").Dot("ResyncPeriod"),
					jen.Id("Indexers"):     jen.Id("options").Dot("Indexers"),
					jen.Id("Identifier"):   jen.Id("identifier"),
				}),
			),
		)),
	)
}

// listWatchFuncs call the typed client's List and Watch, with and without a
// context, after the list tweak.
func listWatchFuncs(cs *clientset, gv *groupVersion, ct *clientType) jen.Dict {
	typed := func() *jen.Statement {
		s := jen.Id("client").Dot(clientName(gv)).Call().Dot(ct.GoPlural)
		if ct.Namespaced {
			return s.Call(jen.Id("namespace"))
		}
		return s.Call()
	}
	tweak := jen.If(jen.Id("tweakListOptions").Op("!=").Nil()).Block(jen.Id("tweakListOptions").Call(jen.Op("&").Id("opts")))
	fn := func(verb string, withContext bool, result jen.Code) jen.Code {
		params := []jen.Code{jen.Id("opts").Add(metav1("ListOptions"))}
		ctx := jen.Qual(contextPkg, "Background").Call()
		if withContext {
			params = append([]jen.Code{ctxParam()}, params...)
			ctx = jen.Id("ctx")
		}
		return jen.Func().Params(params...).Params(result, jen.Error()).Block(
			tweak.Clone(),
			jen.Return(typed().Dot(verb).Call(ctx, jen.Id("opts"))),
		)
	}
	obj := func() jen.Code { return jen.Qual(runtimePkg, "Object") }
	w := func() jen.Code { return jen.Qual(watchPkg, "Interface") }
	return jen.Dict{
		jen.Id("ListFunc"):             fn("List", false, obj()),
		jen.Id("WatchFunc"):            fn("Watch", false, w()),
		jen.Id("ListWithContextFunc"):  fn("List", true, obj()),
		jen.Id("WatchFuncWithContext"): fn("Watch", true, w()),
	}
}
