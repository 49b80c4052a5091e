package client

import (
	"github.com/dave/jennifer/jen"

	"github.com/metagen-dev/metagen/generators/gen"
)

// writeInformerFactory writes informers/factory.go, generic.go and
// internalinterfaces, as informer-gen does.
func writeInformerFactory(pass *gen.Pass, cs *clientset) {
	if len(cs.informedGroups()) == 0 {
		return
	}
	writeInternalInterfaces(cs.newFile(pass, cs.internalInterfaces(), "factory_interfaces.go"), cs)
	writeFactory(cs.newFile(pass, cs.informersPkg(), "factory.go"), cs)
	writeGeneric(cs.newFile(pass, cs.informersPkg(), "generic.go"), cs)
}

func writeInternalInterfaces(f *jen.File, cs *clientset) {
	clientset := jen.Qual(cs.clientsetPkg().pkgPath, "Interface")
	f.Comment("NewInformerFunc takes clientset.Interface and time.Duration to return a SharedIndexInformer.")
	f.Type().Id("NewInformerFunc").Func().Params(clientset.Clone(), jen.Qual(timePkg, "Duration")).Qual(cachePkg, "SharedIndexInformer")
	f.Comment("SharedInformerFactory a small interface to allow for adding an informer without an import cycle")
	f.Type().Id("SharedInformerFactory").Interface(
		jen.Id("Start").Params(jen.Id("stopCh").Op("<-").Chan().Struct()),
		jen.Id("InformerFor").Params(jen.Id("obj").Qual(runtimePkg, "Object"), jen.Id("newFunc").Id("NewInformerFunc")).Qual(cachePkg, "SharedIndexInformer"),
		jen.Id("InformerName").Params().Op("*").Qual(cachePkg, "InformerName"),
	)
	f.Comment("TweakListOptionsFunc is a function that transforms a v1.ListOptions.")
	f.Type().Id("TweakListOptionsFunc").Func().Params(jen.Op("*").Add(metav1("ListOptions")))
	f.Comment("InformerOptions holds the options for creating an informer.")
	f.Type().Id("InformerOptions").Struct(
		jen.Comment("ResyncPeriod is the resync period for this informer."),
		jen.Comment("If not set, defaults to 0 (no resync)."),
		jen.Id("ResyncPeriod").Qual(timePkg, "Duration"),
		jen.Line(),
		jen.Comment("Indexers are the indexers for this informer."),
		jen.Id("Indexers").Qual(cachePkg, "Indexers"),
		jen.Line(),
		jen.Comment("InformerName is used to uniquely identify this informer for metrics."),
		jen.Comment("If not set, metrics will not be published for this informer."),
		jen.Comment("Use cache.NewInformerName() to create an InformerName at startup."),
		jen.Id("InformerName").Op("*").Qual(cachePkg, "InformerName"),
		jen.Line(),
		jen.Comment("TweakListOptions is an optional function to modify the list options."),
		jen.Id("TweakListOptions").Id("TweakListOptionsFunc"),
	)
}

func writeFactory(f *jen.File, cs *clientset) {
	ii := cs.internalInterfaces().pkgPath
	factory := jen.Op("*").Id("sharedInformerFactory")
	typeMap := func(value jen.Code) *jen.Statement { return jen.Map(jen.Qual(reflectPkg, "Type")).Add(value) }
	option := func(name, doc string, param jen.Code, assign ...jen.Code) {
		f.Comment(doc)
		f.Func().Id(name).Params(param).Id("SharedInformerOption").Block(
			jen.Return(jen.Func().Params(jen.Id("factory").Add(factory.Clone())).Add(factory.Clone()).Block(
				append(assign, jen.Return(jen.Id("factory")))...)))
	}

	f.Comment("SharedInformerOption defines the functional option type for SharedInformerFactory.")
	f.Type().Id("SharedInformerOption").Func().Params(factory.Clone()).Add(factory.Clone())
	f.Type().Id("sharedInformerFactory").Struct(
		jen.Id("client").Qual(cs.clientsetPkg().pkgPath, "Interface"),
		jen.Id("namespace").String(),
		jen.Id("tweakListOptions").Qual(ii, "TweakListOptionsFunc"),
		jen.Id("lock").Qual(syncPkg, "Mutex"),
		jen.Id("defaultResync").Qual(timePkg, "Duration"),
		jen.Id("customResync").Add(typeMap(jen.Qual(timePkg, "Duration"))),
		jen.Id("transform").Qual(cachePkg, "TransformFunc"),
		jen.Id("informerName").Op("*").Qual(cachePkg, "InformerName"),
		jen.Line(),
		jen.Id("informers").Add(typeMap(jen.Qual(cachePkg, "SharedIndexInformer"))),
		jen.Comment("startedInformers is used for tracking which informers have been started."),
		jen.Comment("This allows Start() to be called multiple times safely."),
		jen.Id("startedInformers").Add(typeMap(jen.Bool())),
		jen.Comment("wg tracks how many goroutines were started."),
		jen.Id("wg").Qual(syncPkg, "WaitGroup"),
		jen.Comment("shuttingDown is true when Shutdown has been called. It may still be running"),
		jen.Comment("because it needs to wait for goroutines."),
		jen.Id("shuttingDown").Bool(),
	)
	option("WithCustomResyncConfig", "WithCustomResyncConfig sets a custom resync period for the specified informer types.",
		jen.Id("resyncConfig").Map(metav1("Object")).Qual(timePkg, "Duration"),
		jen.For(jen.List(jen.Id("k"), jen.Id("v")).Op(":=").Range().Id("resyncConfig")).Block(
			jen.Id("factory").Dot("customResync").Index(jen.Qual(reflectPkg, "TypeOf").Call(jen.Id("k"))).Op("=").Id("v")))
	option("WithTweakListOptions", "WithTweakListOptions sets a custom filter on all listers of the configured SharedInformerFactory.",
		jen.Id("tweakListOptions").Qual(ii, "TweakListOptionsFunc"),
		jen.Id("factory").Dot("tweakListOptions").Op("=").Id("tweakListOptions"))
	option("WithNamespace", "WithNamespace limits the SharedInformerFactory to the specified namespace.",
		jen.Id("namespace").String(),
		jen.Id("factory").Dot("namespace").Op("=").Id("namespace"))
	option("WithTransform", "WithTransform sets a transform on all informers.",
		jen.Id("transform").Qual(cachePkg, "TransformFunc"),
		jen.Id("factory").Dot("transform").Op("=").Id("transform"))
	option("WithInformerName", "WithInformerName sets the InformerName for informer identity used in metrics.",
		jen.Id("informerName").Op("*").Qual(cachePkg, "InformerName"),
		jen.Id("factory").Dot("informerName").Op("=").Id("informerName"))

	f.Comment("InformerName returns the name the informers publish metrics under.")
	f.Func().Params(jen.Id("f").Add(factory.Clone())).Id("InformerName").Params().Op("*").Qual(cachePkg, "InformerName").Block(
		jen.Return(jen.Id("f").Dot("informerName")))
	writeFactoryConstructors(f, cs)
	writeFactoryLifecycle(f, cs.internalInterfaces().pkgPath)
	writeFactoryInterface(f, cs)
}

func writeFactoryConstructors(f *jen.File, cs *clientset) {
	client := jen.Id("client").Qual(cs.clientsetPkg().pkgPath, "Interface")
	resync := jen.Id("defaultResync").Qual(timePkg, "Duration")
	f.Comment("NewSharedInformerFactory constructs a new instance of sharedInformerFactory for all namespaces.")
	f.Func().Id("NewSharedInformerFactory").Params(client.Clone(), resync.Clone()).Id("SharedInformerFactory").Block(
		jen.Return(jen.Id("NewSharedInformerFactoryWithOptions").Call(jen.Id("client"), jen.Id("defaultResync"))))
	f.Comment("NewFilteredSharedInformerFactory constructs a new instance of sharedInformerFactory.")
	f.Comment("Listers obtained via this SharedInformerFactory will be subject to the same filters")
	f.Comment("as specified here.")
	f.Comment("")
	f.Comment("Deprecated: Please use NewSharedInformerFactoryWithOptions instead")
	f.Func().Id("NewFilteredSharedInformerFactory").Params(client.Clone(), resync.Clone(), jen.Id("namespace").String(),
		jen.Id("tweakListOptions").Qual(cs.internalInterfaces().pkgPath, "TweakListOptionsFunc")).Id("SharedInformerFactory").Block(
		jen.Return(jen.Id("NewSharedInformerFactoryWithOptions").Call(jen.Id("client"), jen.Id("defaultResync"),
			jen.Id("WithNamespace").Call(jen.Id("namespace")), jen.Id("WithTweakListOptions").Call(jen.Id("tweakListOptions")))))
	f.Comment("NewSharedInformerFactoryWithOptions constructs a new instance of a SharedInformerFactory with additional options.")
	f.Func().Id("NewSharedInformerFactoryWithOptions").Params(client.Clone(), resync.Clone(), jen.Id("options").Op("...").Id("SharedInformerOption")).
		Id("SharedInformerFactory").Block(
		jen.Id("factory").Op(":=").Op("&").Id("sharedInformerFactory").Values(jen.Dict{
			jen.Id("client"):           jen.Id("client"),
			jen.Id("namespace"):        metav1("NamespaceAll"),
			jen.Id("defaultResync"):    jen.Id("defaultResync"),
			jen.Id("informers"):        jen.Make(jen.Map(jen.Qual(reflectPkg, "Type")).Qual(cachePkg, "SharedIndexInformer")),
			jen.Id("startedInformers"): jen.Make(jen.Map(jen.Qual(reflectPkg, "Type")).Bool()),
			jen.Id("customResync"):     jen.Make(jen.Map(jen.Qual(reflectPkg, "Type")).Qual(timePkg, "Duration")),
		}),
		jen.Line(),
		jen.Comment("Apply all options"),
		jen.For(jen.List(jen.Id("_"), jen.Id("opt")).Op(":=").Range().Id("options")).Block(
			jen.Id("factory").Op("=").Id("opt").Call(jen.Id("factory"))),
		jen.Line(),
		jen.Return(jen.Id("factory")),
	)
}

// writeFactoryLifecycle writes Start, Shutdown, WaitForCacheSync and
// InformerFor, as informer-gen does.
func writeFactoryLifecycle(f *jen.File, ii string) {
	recv := jen.Id("f").Op("*").Id("sharedInformerFactory")
	stopCh := jen.Id("stopCh").Op("<-").Chan().Struct()
	f.Comment("Start initializes all requested informers.")
	f.Func().Params(recv.Clone()).Id("Start").Params(stopCh.Clone()).Block(
		jen.Id("f").Dot("StartWithContext").Call(jen.Qual(waitPkg, "ContextForChannel").Call(jen.Id("stopCh"))))
	f.Comment("StartWithContext initializes all requested informers; they run until ctx ends.")
	f.Func().Params(recv.Clone()).Id("StartWithContext").Params(ctxParam()).Block(
		jen.Id("f").Dot("lock").Dot("Lock").Call(),
		jen.Defer().Id("f").Dot("lock").Dot("Unlock").Call(),
		jen.Line(),
		jen.If(jen.Id("f").Dot("shuttingDown")).Block(jen.Return()),
		jen.Line(),
		jen.For(jen.List(jen.Id("informerType"), jen.Id("informer")).Op(":=").Range().Id("f").Dot("informers")).Block(
			jen.If(jen.Op("!").Id("f").Dot("startedInformers").Index(jen.Id("informerType"))).Block(
				jen.Id("f").Dot("wg").Dot("Go").Call(jen.Func().Params().Block(
					jen.Id("informer").Dot("RunWithContext").Call(jen.Id("ctx")))),
				jen.Id("f").Dot("startedInformers").Index(jen.Id("informerType")).Op("=").True(),
			)),
	)
	f.Comment("Shutdown marks the factory as shutting down and waits for its informers' goroutines.")
	f.Func().Params(recv.Clone()).Id("Shutdown").Params().Block(
		jen.Id("f").Dot("lock").Dot("Lock").Call(),
		jen.Id("f").Dot("shuttingDown").Op("=").True(),
		jen.Id("f").Dot("lock").Dot("Unlock").Call(),
		jen.Line(),
		jen.Comment("Will return immediately if there is nothing to wait for."),
		jen.Id("f").Dot("wg").Dot("Wait").Call(),
		jen.Id("f").Dot("informerName").Dot("Release").Call(),
	)
	f.Comment("WaitForCacheSync blocks until all started informers' caches were synced")
	f.Comment("or the stop channel gets closed.")
	f.Func().Params(recv.Clone()).Id("WaitForCacheSync").Params(stopCh.Clone()).Map(jen.Qual(reflectPkg, "Type")).Bool().Block(
		jen.Id("result").Op(":=").Id("f").Dot("WaitForCacheSyncWithContext").Call(jen.Qual(waitPkg, "ContextForChannel").Call(jen.Id("stopCh"))),
		jen.Return(jen.Id("result").Dot("Synced")),
	)
	writeWaitForCacheSync(f)
	f.Comment("InformerFor returns the SharedIndexInformer for obj using an internal")
	f.Comment("client.")
	f.Func().Params(recv.Clone()).Id("InformerFor").Params(jen.Id("obj").Qual(runtimePkg, "Object"), jen.Id("newFunc").Qual(ii, "NewInformerFunc")).
		Qual(cachePkg, "SharedIndexInformer").Block(
		jen.Id("f").Dot("lock").Dot("Lock").Call(),
		jen.Defer().Id("f").Dot("lock").Dot("Unlock").Call(),
		jen.Line(),
		jen.Id("informerType").Op(":=").Qual(reflectPkg, "TypeOf").Call(jen.Id("obj")),
		jen.List(jen.Id("informer"), jen.Id("exists")).Op(":=").Id("f").Dot("informers").Index(jen.Id("informerType")),
		jen.If(jen.Id("exists")).Block(jen.Return(jen.Id("informer"))),
		jen.Line(),
		jen.List(jen.Id("resyncPeriod"), jen.Id("exists")).Op(":=").Id("f").Dot("customResync").Index(jen.Id("informerType")),
		jen.If(jen.Op("!").Id("exists")).Block(jen.Id("resyncPeriod").Op("=").Id("f").Dot("defaultResync")),
		jen.Line(),
		jen.Id("informer").Op("=").Id("newFunc").Call(jen.Id("f").Dot("client"), jen.Id("resyncPeriod")),
		jen.If(jen.Id("f").Dot("transform").Op("!=").Nil()).Block(
			jen.Id("informer").Dot("SetTransform").Call(jen.Id("f").Dot("transform"))),
		jen.Id("f").Dot("informers").Index(jen.Id("informerType")).Op("=").Id("informer"),
		jen.Line(),
		jen.Return(jen.Id("informer")),
	)
}

func writeWaitForCacheSync(f *jen.File) {
	f.Comment("WaitForCacheSyncWithContext blocks until all started informers' caches were synced")
	f.Comment("or the context gets canceled.")
	f.Func().Params(jen.Id("f").Op("*").Id("sharedInformerFactory")).Id("WaitForCacheSyncWithContext").Params(ctxParam()).Qual(cachePkg, "SyncResult").Block(
		jen.Id("informers").Op(":=").Func().Params().Map(jen.Qual(reflectPkg, "Type")).Qual(cachePkg, "SharedIndexInformer").Block(
			jen.Id("f").Dot("lock").Dot("Lock").Call(),
			jen.Defer().Id("f").Dot("lock").Dot("Unlock").Call(),
			jen.Line(),
			jen.Id("informers").Op(":=").Map(jen.Qual(reflectPkg, "Type")).Qual(cachePkg, "SharedIndexInformer").Values(),
			jen.For(jen.List(jen.Id("informerType"), jen.Id("informer")).Op(":=").Range().Id("f").Dot("informers")).Block(
				jen.If(jen.Id("f").Dot("startedInformers").Index(jen.Id("informerType"))).Block(
					jen.Id("informers").Index(jen.Id("informerType")).Op("=").Id("informer"))),
			jen.Return(jen.Id("informers")),
		).Call(),
		jen.Line(),
		jen.Comment("Wait for informers to sync, without polling."),
		jen.Id("cacheSyncs").Op(":=").Make(jen.Index().Qual(cachePkg, "DoneChecker"), jen.Lit(0), jen.Len(jen.Id("informers"))),
		jen.For(jen.List(jen.Id("_"), jen.Id("informer")).Op(":=").Range().Id("informers")).Block(
			jen.Id("cacheSyncs").Op("=").Append(jen.Id("cacheSyncs"), jen.Id("informer").Dot("HasSyncedChecker").Call())),
		jen.Qual(cachePkg, "WaitFor").Call(jen.Id("ctx"), jen.Lit(""), jen.Id("cacheSyncs").Op("...")),
		jen.Line(),
		jen.Id("res").Op(":=").Qual(cachePkg, "SyncResult").Values(jen.Dict{
			jen.Id("Synced"): jen.Make(jen.Map(jen.Qual(reflectPkg, "Type")).Bool(), jen.Len(jen.Id("informers"))),
		}),
		jen.Id("failed").Op(":=").False(),
		jen.For(jen.List(jen.Id("informType"), jen.Id("informer")).Op(":=").Range().Id("informers")).Block(
			jen.Id("hasSynced").Op(":=").Id("informer").Dot("HasSynced").Call(),
			jen.If(jen.Op("!").Id("hasSynced")).Block(jen.Id("failed").Op("=").True()),
			jen.Id("res").Dot("Synced").Index(jen.Id("informType")).Op("=").Id("hasSynced"),
		),
		jen.If(jen.Id("failed")).Block(
			jen.Comment("context.Cause is more informative than ctx.Err()."),
			jen.Id("res").Dot("Err").Op("=").Qual(contextPkg, "Cause").Call(jen.Id("ctx"))),
		jen.Line(),
		jen.Return(jen.Id("res")),
	)
}

func writeFactoryInterface(f *jen.File, cs *clientset) {
	ii := cs.internalInterfaces().pkgPath
	f.Comment("SharedInformerFactory provides shared informers for resources in all known")
	f.Comment("API group versions; see client-go's informer factories for how to use one.")
	f.Type().Id("SharedInformerFactory").InterfaceFunc(func(g *jen.Group) {
		g.Qual(ii, "SharedInformerFactory")
		g.Line()
		g.Comment("Start initializes all requested informers. They are handled in goroutines")
		g.Comment("which run until the stop channel gets closed.")
		g.Id("Start").Params(jen.Id("stopCh").Op("<-").Chan().Struct())
		g.Comment("StartWithContext initializes all requested informers. They are handled in goroutines")
		g.Comment("which run until the context gets canceled.")
		g.Id("StartWithContext").Params(ctxParam())
		g.Comment("Shutdown marks a factory as shutting down and blocks until all goroutines have terminated.")
		g.Id("Shutdown").Params()
		g.Comment("WaitForCacheSync blocks until all started informers' caches were synced")
		g.Comment("or the stop channel gets closed.")
		g.Id("WaitForCacheSync").Params(jen.Id("stopCh").Op("<-").Chan().Struct()).Map(jen.Qual(reflectPkg, "Type")).Bool()
		g.Comment("WaitForCacheSyncWithContext blocks until all started informers' caches were synced")
		g.Comment("or the context gets canceled.")
		g.Id("WaitForCacheSyncWithContext").Params(ctxParam()).Qual(cachePkg, "SyncResult")
		g.Comment("ForResource gives generic access to a shared informer of the matching type.")
		g.Id("ForResource").Params(jen.Id("resource").Qual(schemaPkg, "GroupVersionResource")).Params(jen.Id("GenericInformer"), jen.Error())
		g.Comment("InformerFor returns the SharedIndexInformer for obj using an internal")
		g.Comment("client.")
		g.Id("InformerFor").Params(jen.Id("obj").Qual(runtimePkg, "Object"), jen.Id("newFunc").Qual(ii, "NewInformerFunc")).Qual(cachePkg, "SharedIndexInformer")
		g.Line()
		for _, gv := range informedGroupHeads(cs) {
			g.Id(gv.GoName).Params().Qual(cs.informerGroupPkg(gv).pkgPath, "Interface")
		}
	})
	for _, gv := range informedGroupHeads(cs) {
		f.Commentf("%s gives access to the informers of the %s group.", gv.GoName, groupOrCore(gv))
		f.Func().Params(jen.Id("f").Op("*").Id("sharedInformerFactory")).Id(gv.GoName).Params().Qual(cs.informerGroupPkg(gv).pkgPath, "Interface").Block(
			jen.Return(jen.Qual(cs.informerGroupPkg(gv).pkgPath, "New").Call(jen.Id("f"), jen.Id("f").Dot("namespace"), jen.Id("f").Dot("tweakListOptions"))))
	}
}

// informedGroupHeads is one group version per group that has informers.
func informedGroupHeads(cs *clientset) []*groupVersion {
	var out []*groupVersion
	seen := map[string]bool{}
	for _, gv := range cs.informedGroups() {
		if !seen[gv.Group] {
			seen[gv.Group] = true
			out = append(out, gv)
		}
	}
	return out
}

func writeGeneric(f *jen.File, cs *clientset) {
	f.Comment("GenericInformer is type of SharedIndexInformer which will locate and delegate to other")
	f.Comment("sharedInformers based on type")
	f.Type().Id("GenericInformer").Interface(
		jen.Id("Informer").Params().Qual(cachePkg, "SharedIndexInformer"),
		jen.Id("Lister").Params().Qual(cachePkg, "GenericLister"),
	)
	f.Type().Id("genericInformer").Struct(
		jen.Id("informer").Qual(cachePkg, "SharedIndexInformer"),
		jen.Id("resource").Qual(schemaPkg, "GroupResource"),
	)
	f.Comment("Informer returns the SharedIndexInformer.")
	f.Func().Params(jen.Id("f").Op("*").Id("genericInformer")).Id("Informer").Params().Qual(cachePkg, "SharedIndexInformer").Block(
		jen.Return(jen.Id("f").Dot("informer")))
	f.Comment("Lister returns the GenericLister.")
	f.Func().Params(jen.Id("f").Op("*").Id("genericInformer")).Id("Lister").Params().Qual(cachePkg, "GenericLister").Block(
		jen.Return(jen.Qual(cachePkg, "NewGenericLister").Call(jen.Id("f").Dot("Informer").Call().Dot("GetIndexer").Call(), jen.Id("f").Dot("resource"))))
	f.Comment("ForResource gives generic access to a shared informer of the matching type.")
	f.Func().Params(jen.Id("f").Op("*").Id("sharedInformerFactory")).Id("ForResource").
		Params(jen.Id("resource").Qual(schemaPkg, "GroupVersionResource")).Params(jen.Id("GenericInformer"), jen.Error()).Block(
		jen.Switch(jen.Id("resource")).BlockFunc(func(g *jen.Group) {
			for _, gv := range cs.informedGroups() {
				for _, ct := range informed(gv) {
					informer := jen.Id("f").Dot(gv.GoName).Call().Dot(upperFirst(gv.Version)).Call().Dot(ct.GoPlural).Call().Dot("Informer").Call()
					g.Case(jen.Qual(gv.Pkg.Path, "SchemeGroupVersion").Dot("WithResource").Call(jen.Lit(ct.Plural))).Block(
						jen.Return(jen.Op("&").Id("genericInformer").Values(jen.Dict{
							jen.Id("resource"): jen.Id("resource").Dot("GroupResource").Call(),
							jen.Id("informer"): informer,
						}), jen.Nil()))
				}
			}
		}),
		jen.Line(),
		jen.Return(jen.Nil(), jen.Qual(fmtPkg, "Errorf").Call(jen.Lit("no informer found for %v"), jen.Id("resource"))),
	)
}
