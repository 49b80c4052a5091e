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
				if !ct.ClusterScoped {
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

// writeTypeInformer is informers/<group>/<version>/<type>.go, as
// informer-gen writes it: the informer interfaces, the type-safe aliases of
// client-go's cache types, the constructors, and the conversions from
// untyped informers.
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
	f.Commentf("It is a superset of %sInformer.", kind)
	f.Type().Id("Typed"+kind+"Informer").Interface(
		jen.Id("Informer").Params().Qual(cachePkg, "SharedIndexInformer"),
		jen.Id("TypedInformer").Params().Id(indexInformer),
		jen.Id("Lister").Params().Add(lister.Clone()),
	)
	f.Commentf("%s is a wrapper around the underlying [cache.SharedIndexInformer]", indexInformer)
	f.Comment("with type-safe variants of several methods.")
	f.Type().Id(indexInformer).Qual(cachePkg, "TypedSharedIndexInformer").Types(obj(ct))
	writeInformerAliases(f, ct)

	fields := []jen.Code{jen.Id("factory").Qual(ii, "SharedInformerFactory"), jen.Id("tweakListOptions").Qual(ii, "TweakListOptionsFunc")}
	if !ct.ClusterScoped {
		fields = append(fields, jen.Id("namespace").String())
	}
	f.Commentf("%s implements Typed%sInformer.", impl, kind)
	f.Type().Id(impl).Struct(fields...)

	writeInformerConstructors(f, cs, gv, ct)

	defaultArgs := []jen.Code{jen.Id("client")}
	if !ct.ClusterScoped {
		defaultArgs = append(defaultArgs, jen.Id("f").Dot("namespace"))
	}
	f.Func().Params(jen.Id("f").Op("*").Id(impl)).Id("defaultInformer").
		Params(jen.Id("client").Qual(cs.clientsetPkg().pkgPath, "Interface"), jen.Id("resyncPeriod").Qual(timePkg, "Duration")).
		Qual(cachePkg, "SharedIndexInformer").Block(
		jen.Return(jen.Id("NewTyped" + kind + "InformerWithOptions").Call(append(defaultArgs, jen.Qual(ii, "InformerOptions").Values(
			field("ResyncPeriod", jen.Id("resyncPeriod")),
			field("Indexers", jen.Qual(cachePkg, "Indexers").Values(jen.Dict{jen.Qual(cachePkg, "NamespaceIndex"): jen.Qual(cachePkg, "MetaNamespaceIndexFunc")})),
			field("InformerName", jen.Id("f").Dot("factory").Dot("InformerName").Call()),
			field("TweakListOptions", jen.Id("f").Dot("tweakListOptions")),
		))...)))
	f.Commentf("Informer returns the shared informer for %s.", ct.GoPlural)
	f.Func().Params(jen.Id("f").Op("*").Id(impl)).Id("Informer").Params().Qual(cachePkg, "SharedIndexInformer").Block(
		jen.Return(jen.Id("f").Dot("TypedInformer").Call()))
	f.Commentf("TypedInformer returns the shared informer for %s, with type-safe methods.", ct.GoPlural)
	f.Func().Params(jen.Id("f").Op("*").Id(impl)).Id("TypedInformer").Params().Id(indexInformer).Block(
		jen.Return(typedInformer(ct, jen.Id("f").Dot("factory").Dot("InformerFor").Call(jen.Op("&").Qual(ct.T.Package.Path, kind).Values(), jen.Id("f").Dot("defaultInformer")))))
	f.Commentf("Lister returns a lister over the shared informer's cache of %s.", ct.GoPlural)
	f.Func().Params(jen.Id("f").Op("*").Id(impl)).Id("Lister").Params().Add(lister.Clone()).Block(
		jen.Return(jen.Qual(cs.listersPkg(gv).pkgPath, "New"+kind+"Lister").Call(jen.Id("f").Dot("Informer").Call().Dot("GetIndexer").Call())))
	writeInformerConversions(f, ct)
}

// field is one key: value of a struct literal, in the order written.
func field(name string, value jen.Code) jen.Code { return jen.Id(name).Op(":").Add(value) }

// typedInformer wraps an untyped shared informer of ct's objects.
func typedInformer(ct *clientType, informer jen.Code) jen.Code {
	return jen.Qual(cachePkg, "NewTypedSharedIndexInformer").Types(obj(ct)).Call(informer)
}

// writeInformerAliases names client-go's generic cache types for ct's
// objects, so that handlers and indexers need no type arguments.
func writeInformerAliases(f *jen.File, ct *clientType) {
	kind := ct.Kind
	for _, a := range []struct{ name, generic string }{
		{kind + "HandlerFuncs", "TypedResourceEventHandlerFuncs"},
		{kind + "DetailedHandlerFuncs", "TypedResourceEventHandlerDetailedFuncs"},
		{kind + "FilteringHandler", "TypedFilteringResourceEventHandler"},
		{kind + "Indexers", "TypedIndexers"},
		{"Deleted" + kind, "DeletedObject"},
	} {
		f.Commentf("%s is a specialization of [cache.%s] for %s.", a.name, a.generic, kind)
		f.Type().Id(a.name).Op("=").Qual(cachePkg, a.generic).Types(obj(ct))
	}
}

// writeInformerConversions writes ToTyped<Kind>Informer and
// To<Kind>IndexInformer, which give an untyped informer the type-safe API.
func writeInformerConversions(f *jen.File, ct *clientType) {
	kind := ct.Kind
	typed, index, adapter := "Typed"+kind+"Informer", kind+"IndexInformer", lowerFirst(kind)+"TypedInformerAdapter"
	warning := func(result string) {
		f.Comment("")
		f.Comment("WARNING: this conversion is only safe if the informer handles objects of type")
		f.Commentf("*%s. If that is not the case, calling type-safe methods of the returned", kind)
		f.Commentf("%s leads to runtime panics. A safer alternative is to pass", result)
		f.Commentf("around a %s instances that was obtained from a", result)
		f.Comment("SharedInformerFactory.")
	}
	f.Commentf("To%s converts an untyped informer into a %s.", typed, typed)
	warning(typed)
	f.Func().Id("To"+typed).Params(jen.Id("informer").Id(kind+"Informer")).Id(typed).Block(
		jen.If(jen.List(jen.Id("informer"), jen.Id("ok")).Op(":=").Id("informer").Assert(jen.Id(typed)), jen.Id("ok")).Block(
			jen.Return(jen.Id("informer"))),
		jen.Return(jen.Op("&").Id(adapter).Values(jen.Id("informer"))),
	)
	f.Commentf("%s gives a %sInformer the type-safe TypedInformer.", adapter, kind)
	f.Type().Id(adapter).Struct(jen.Id(kind + "Informer"))
	f.Comment("TypedInformer wraps the adapted informer's shared informer.")
	f.Func().Params(jen.Id("a").Op("*").Id(adapter)).Id("TypedInformer").Params().Id(index).Block(
		jen.Return(typedInformer(ct, jen.Id("a").Dot("Informer").Call())))
	f.Commentf("To%s converts an untyped informer into a %s.", index, index)
	warning(index)
	f.Func().Id("To"+index).Params(jen.Id("informer").Qual(cachePkg, "SharedIndexInformer")).Id(index).Block(
		jen.If(jen.List(jen.Id("informer"), jen.Id("ok")).Op(":=").Id("informer").Assert(jen.Id(index)), jen.Id("ok")).Block(
			jen.Return(jen.Id("informer"))),
		jen.Return(typedInformer(ct, jen.Id("informer"))),
	)
}

// informerConstructors writes the New…Informer functions of one type.
type informerConstructors struct {
	f      *jen.File
	cs     *clientset
	gv     *groupVersion
	ct     *clientType
	lead   []jen.Code // the client parameter, and the namespace one if namespaced
	passed []jen.Code // the arguments that pass them on
}

// writeInformerConstructors writes the New…Informer functions informer-gen
// offers, untyped and type-safe, all built on NewTyped…InformerWithOptions.
func writeInformerConstructors(f *jen.File, cs *clientset, gv *groupVersion, ct *clientType) {
	w := &informerConstructors{f: f, cs: cs, gv: gv, ct: ct,
		lead: []jen.Code{jen.Id("client").Qual(cs.clientsetPkg().pkgPath, "Interface")}, passed: []jen.Code{jen.Id("client")}}
	if !ct.ClusterScoped {
		w.lead = append(w.lead, jen.Id("namespace").String())
		w.passed = append(w.passed, jen.Id("namespace"))
	}
	kind := ct.Kind
	resync := jen.Id("resyncPeriod").Qual(timePkg, "Duration")
	untypedIndexers, typedIndexers := jen.Id("indexers").Qual(cachePkg, "Indexers"), jen.Id("indexers").Id(kind+"Indexers")
	tweak := jen.Id("tweakListOptions").Qual(cs.internalInterfaces().pkgPath, "TweakListOptionsFunc")
	resyncField, tweakField := field("ResyncPeriod", jen.Id("resyncPeriod")), field("TweakListOptions", jen.Id("tweakListOptions"))
	indexersField := field("Indexers", jen.Id("indexers"))
	typedIndexersField := field("Indexers", jen.Qual(cachePkg, "TypedIndexersToIndexers").Call(jen.Id("indexers")))

	w.shorthand("New"+kind+"Informer", false, "New"+kind+"InformerWithOptions",
		[]jen.Code{resync.Clone(), untypedIndexers.Clone()}, resyncField, indexersField)
	w.shorthand("NewTyped"+kind+"Informer", true, "NewTyped"+kind+"InformerWithOptions",
		[]jen.Code{resync.Clone(), typedIndexers.Clone()}, resyncField, typedIndexersField)
	w.shorthand("NewFiltered"+kind+"Informer", false, "NewTyped"+kind+"InformerWithOptions",
		[]jen.Code{resync.Clone(), untypedIndexers.Clone(), tweak.Clone()}, resyncField, indexersField, tweakField)
	w.shorthand("NewTypedFiltered"+kind+"Informer", true, "NewTyped"+kind+"InformerWithOptions",
		[]jen.Code{resync.Clone(), typedIndexers.Clone(), tweak.Clone()}, resyncField, typedIndexersField, tweakField)
	w.withOptions()
	w.typedWithOptions()
}

func (w *informerConstructors) params(extra ...jen.Code) []jen.Code {
	return append(append([]jen.Code{}, w.lead...), extra...)
}

func (w *informerConstructors) args(extra ...jen.Code) []jen.Code {
	return append(append([]jen.Code{}, w.passed...), extra...)
}

// result is the informer a constructor returns: type-safe or not.
func (w *informerConstructors) result(typed bool) jen.Code {
	if typed {
		return jen.Id(w.ct.Kind + "IndexInformer")
	}
	return jen.Qual(cachePkg, "SharedIndexInformer")
}

// doc is informer-gen's comment on a constructor; an untyped one points to
// its type-safe variant.
func (w *informerConstructors) doc(name, typedVariant, what string) {
	w.f.Commentf("%s constructs a new informer for %s type%s.", name, w.ct.Kind, what)
	w.f.Comment("Always prefer using an informer factory to get a shared informer instead of getting an independent")
	w.f.Comment("one. This reduces memory footprint and number of connections to the server.")
	if typedVariant != "" {
		w.f.Commentf("If you really need an independent one, prefer using the type-safe variant (see [%s]).", typedVariant)
	}
}

// shorthand writes a constructor that takes some options as parameters and
// calls target with them as InformerOptions.
func (w *informerConstructors) shorthand(name string, typed bool, target string, params []jen.Code, options ...jen.Code) {
	typedVariant := ""
	if !typed {
		typedVariant = "NewTyped" + strings.TrimPrefix(name, "New")
	}
	w.doc(name, typedVariant, "")
	informerOptions := jen.Qual(w.cs.internalInterfaces().pkgPath, "InformerOptions").Values(options...)
	w.f.Func().Id(name).Params(w.params(params...)...).Add(w.result(typed)).Block(
		jen.Return(jen.Id(target).Call(w.args(informerOptions)...)))
}

func (w *informerConstructors) optionsParam() jen.Code {
	return jen.Id("options").Qual(w.cs.internalInterfaces().pkgPath, "InformerOptions")
}

// withOptions is the untyped New<Kind>InformerWithOptions.
func (w *informerConstructors) withOptions() {
	kind := w.ct.Kind
	w.doc("New"+kind+"InformerWithOptions", "NewTyped"+kind+"InformerWithOptions", " with additional options")
	w.f.Func().Id("New" + kind + "InformerWithOptions").Params(w.params(w.optionsParam())...).Add(w.result(false)).Block(
		jen.Return(jen.Id("NewTyped" + kind + "InformerWithOptions").Call(w.args(jen.Id("options"))...)))
}

// typedWithOptions is NewTyped<Kind>InformerWithOptions, which every other
// constructor calls: a shared index informer over the typed client's List
// and Watch, named after the resource.
func (w *informerConstructors) typedWithOptions() {
	cs, gv, ct := w.cs, w.gv, w.ct
	w.doc("NewTyped"+ct.Kind+"InformerWithOptions", "", " with additional options")
	w.f.Func().Id("NewTyped"+ct.Kind+"InformerWithOptions").Params(w.params(w.optionsParam())...).Add(w.result(true)).Block(
		jen.Id("gvr").Op(":=").Qual(schemaPkg, "GroupVersionResource").Values(
			field("Group", jen.Lit(gv.Group)), field("Version", jen.Lit(gv.Version)), field("Resource", jen.Lit(ct.Plural)),
		),
		jen.Id("identifier").Op(":=").Id("options").Dot("InformerName").Dot("WithResource").Call(jen.Id("gvr")),
		jen.Id("tweakListOptions").Op(":=").Id("options").Dot("TweakListOptions"),
		jen.Return(typedInformer(ct, jen.Qual(cachePkg, "NewSharedIndexInformerWithOptions").Add(multiline("(", ")",
			jen.Qual(cachePkg, "ToListWatcherWithWatchListSemantics").Call(
				jen.Op("&").Qual(cachePkg, "ListWatch").Add(multiline("{", "}", listWatchFuncs(cs, gv, ct)...)),
				jen.Id("client"),
			),
			jen.Op("&").Qual(ct.T.Package.Path, ct.Kind).Values(),
			jen.Qual(cachePkg, "SharedIndexInformerOptions").Add(multiline("{", "}",
				field("ResyncPeriod", jen.Id("options").Dot("ResyncPeriod")),
				field("Indexers", jen.Id("options").Dot("Indexers")),
				field("Identifier", jen.Id("identifier")),
			)),
		)))),
	)
}

// listWatchFuncs call the typed client's List and Watch, with and without a
// context, after the list tweak.
func listWatchFuncs(cs *clientset, gv *groupVersion, ct *clientType) []jen.Code {
	typed := func() *jen.Statement {
		s := jen.Id("client").Dot(clientName(gv)).Call().Dot(ct.GoPlural)
		if !ct.ClusterScoped {
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
	return []jen.Code{
		field("ListFunc", fn("List", false, obj())),
		field("WatchFunc", fn("Watch", false, w())),
		field("ListWithContextFunc", fn("List", true, obj())),
		field("WatchFuncWithContext", fn("Watch", true, w())),
	}
}
