package client

import (
	"github.com/dave/jennifer/jen"
	"k8s.io/apimachinery/pkg/api/meta"
	"k8s.io/apimachinery/pkg/runtime/schema"

	"github.com/metagen-dev/metagen/generators/gen"
)

// writeClientset writes the clientset, its scheme and its fake.
func writeClientset(pass *gen.Pass, cs *clientset) {
	writeClientsetFile(cs.newFile(pass, cs.clientsetPkg(), "clientset.go"), cs)
	scheme := cs.schemePkg()
	doc := cs.newFile(pass, scheme, "doc.go")
	doc.PackageComment("Package scheme holds the clientset's scheme: the types of every group version it serves.")
	writeScheme(cs.newFile(pass, scheme, "register.go"), cs, true)
	fake := cs.fakeClientsetPkg()
	doc = cs.newFile(pass, fake, "doc.go")
	doc.PackageComment("Package fake has a fake clientset, for tests.")
	writeScheme(cs.newFile(pass, fake, "register.go"), cs, false)
	writeFakeClientset(cs.newFile(pass, fake, "clientset_generated.go"), cs)
}

func fieldName(gv *groupVersion) string { return lowerFirst(clientName(gv)) }

func writeClientsetFile(f *jen.File, cs *clientset) {
	f.Comment("Interface gives a client per group version, and discovery.")
	f.Type().Id("Interface").InterfaceFunc(func(g *jen.Group) {
		g.Id("Discovery").Params().Qual(discoveryPkg, "DiscoveryInterfaces")
		for _, gv := range cs.Groups {
			g.Id(clientName(gv)).Params().Qual(cs.typedPkg(gv).pkgPath, clientName(gv)+"Interface")
		}
	})
	f.Comment("Clientset contains the clients for groups.")
	f.Type().Id("Clientset").StructFunc(func(g *jen.Group) {
		g.Op("*").Qual(discoveryPkg, "DiscoveryClient")
		for _, gv := range cs.Groups {
			g.Id(fieldName(gv)).Op("*").Qual(cs.typedPkg(gv).pkgPath, clientName(gv)+"Client")
		}
	})
	for _, gv := range cs.Groups {
		f.Commentf("%s retrieves the %sClient", clientName(gv), clientName(gv))
		f.Func().Params(jen.Id("c").Op("*").Id("Clientset")).Id(clientName(gv)).Params().
			Qual(cs.typedPkg(gv).pkgPath, clientName(gv)+"Interface").Block(jen.Return(jen.Id("c").Dot(fieldName(gv))))
	}
	f.Comment("Discovery retrieves the DiscoveryClient")
	f.Func().Params(jen.Id("c").Op("*").Id("Clientset")).Id("Discovery").Params().Qual(discoveryPkg, "DiscoveryInterfaces").Block(
		jen.If(jen.Id("c").Op("==").Nil()).Block(jen.Return(jen.Nil())),
		jen.Return(jen.Id("c").Dot("DiscoveryClient")),
	)
	writeClientsetConstructors(f, cs)
}

func writeClientsetConstructors(f *jen.File, cs *clientset) {
	config := jen.Id("c").Op("*").Qual(restPkg, "Config")
	f.Comment("NewForConfig creates a new Clientset for the given config.")
	f.Comment("If config's RateLimiter is not set and QPS and Burst are acceptable,")
	f.Comment("NewForConfig will generate a rate-limiter in configShallowCopy.")
	f.Comment("NewForConfig is equivalent to NewForConfigAndClient(c, httpClient),")
	f.Comment("where httpClient was generated with rest.HTTPClientFor(c).")
	f.Func().Id("NewForConfig").Params(config.Clone()).Params(jen.Op("*").Id("Clientset"), jen.Error()).Block(
		jen.Id("configShallowCopy").Op(":=").Op("*").Id("c"),
		jen.Line(),
		jen.If(jen.Id("configShallowCopy").Dot("UserAgent").Op("==").Lit("")).Block(
			jen.Id("configShallowCopy").Dot("UserAgent").Op("=").Qual(restPkg, "DefaultKubernetesUserAgent").Call()),
		jen.Line(),
		jen.Comment("share the transport between all clients"),
		jen.List(jen.Id("httpClient"), jen.Err()).Op(":=").Qual(restPkg, "HTTPClientFor").Call(jen.Op("&").Id("configShallowCopy")),
		jen.If(jen.Err().Op("!=").Nil()).Block(jen.Return(jen.Nil(), jen.Err())),
		jen.Line(),
		jen.Return(jen.Id("NewForConfigAndClient").Call(jen.Op("&").Id("configShallowCopy"), jen.Id("httpClient"))),
	)
	f.Comment("NewForConfigAndClient creates a new Clientset for the given config and http client.")
	f.Comment("Note the http client provided takes precedence over the configured transport values.")
	f.Comment("If config's RateLimiter is not set and QPS and Burst are acceptable,")
	f.Comment("NewForConfigAndClient will generate a rate-limiter in configShallowCopy.")
	f.Func().Id("NewForConfigAndClient").Params(config.Clone(), jen.Id("httpClient").Op("*").Qual(httpPkg, "Client")).
		Params(jen.Op("*").Id("Clientset"), jen.Error()).BlockFunc(func(g *jen.Group) {
		g.Id("configShallowCopy").Op(":=").Op("*").Id("c")
		g.If(jen.Id("configShallowCopy").Dot("RateLimiter").Op("==").Nil().Op("&&").Id("configShallowCopy").Dot("QPS").Op(">").Lit(0)).Block(
			jen.If(jen.Id("configShallowCopy").Dot("Burst").Op("<=").Lit(0)).Block(
				jen.Return(jen.Nil(), jen.Qual(fmtPkg, "Errorf").Call(jen.Lit("burst is required to be greater than 0 when RateLimiter is not set and QPS is set to greater than 0")))),
			jen.Id("configShallowCopy").Dot("RateLimiter").Op("=").Qual(flowcontrolPkg, "NewTokenBucketRateLimiter").Call(
				jen.Id("configShallowCopy").Dot("QPS"), jen.Id("configShallowCopy").Dot("Burst")),
		)
		g.Line()
		g.Var().Id("cs").Id("Clientset")
		g.Var().Err().Error()
		for _, gv := range cs.Groups {
			g.List(jen.Id("cs").Dot(fieldName(gv)), jen.Err()).Op("=").Qual(cs.typedPkg(gv).pkgPath, "NewForConfigAndClient").
				Call(jen.Op("&").Id("configShallowCopy"), jen.Id("httpClient"))
			g.If(jen.Err().Op("!=").Nil()).Block(jen.Return(jen.Nil(), jen.Err()))
		}
		g.Line()
		g.List(jen.Id("cs").Dot("DiscoveryClient"), jen.Err()).Op("=").Qual(discoveryPkg, "NewDiscoveryClientForConfigAndClient").
			Call(jen.Op("&").Id("configShallowCopy"), jen.Id("httpClient"))
		g.If(jen.Err().Op("!=").Nil()).Block(jen.Return(jen.Nil(), jen.Err()))
		g.Return(jen.Op("&").Id("cs"), jen.Nil())
	})
	f.Comment("NewForConfigOrDie creates a new Clientset for the given config and")
	f.Comment("panics if there is an error in the config.")
	f.Func().Id("NewForConfigOrDie").Params(config.Clone()).Op("*").Id("Clientset").Block(
		jen.List(jen.Id("cs"), jen.Err()).Op(":=").Id("NewForConfig").Call(jen.Id("c")),
		jen.If(jen.Err().Op("!=").Nil()).Block(jen.Panic(jen.Err())),
		jen.Return(jen.Id("cs")),
	)
	f.Comment("New creates a new Clientset for the given RESTClient.")
	f.Func().Id("New").Params(jen.Id("c").Qual(restPkg, "Interface")).Op("*").Id("Clientset").BlockFunc(func(g *jen.Group) {
		g.Var().Id("cs").Id("Clientset")
		for _, gv := range cs.Groups {
			g.Id("cs").Dot(fieldName(gv)).Op("=").Qual(cs.typedPkg(gv).pkgPath, "New").Call(jen.Id("c"))
		}
		g.Line()
		g.Id("cs").Dot("DiscoveryClient").Op("=").Qual(discoveryPkg, "NewDiscoveryClient").Call(jen.Id("c"))
		g.Return(jen.Op("&").Id("cs"))
	})
}

// writeScheme is scheme/register.go (exported, for the typed clients) or
// fake/register.go (unexported, for the fake).
func writeScheme(f *jen.File, cs *clientset, exported bool) {
	scheme, codecs, builder := "scheme", "codecs", "localSchemeBuilder"
	if exported {
		scheme, codecs = "Scheme", "Codecs"
	}
	f.Var().Id(scheme).Op("=").Qual(runtimePkg, "NewScheme").Call()
	f.Var().Id(codecs).Op("=").Qual(serializerPkg, "NewCodecFactory").Call(jen.Id(scheme))
	if exported {
		f.Var().Id("ParameterCodec").Op("=").Qual(runtimePkg, "NewParameterCodec").Call(jen.Id(scheme))
	}
	f.Var().Id(builder).Op("=").Qual(runtimePkg, "SchemeBuilder").ValuesFunc(func(g *jen.Group) {
		for _, gv := range cs.Groups {
			g.Line().Qual(gv.Pkg.Path, "AddToScheme")
		}
		g.Line()
	})
	f.Comment("AddToScheme adds all types of this clientset into the given scheme. This allows composition")
	f.Comment("of clientsets, as client-gen's do.")
	f.Var().Id("AddToScheme").Op("=").Id(builder).Dot("AddToScheme")
	f.Func().Id("init").Params().Block(
		metav1("AddToGroupVersion").Call(jen.Id(scheme), jen.Qual(schemaPkg, "GroupVersion").Values(jen.Dict{jen.Id("Version"): jen.Lit("v1")})),
		jen.Qual(utilruntimePkg, "Must").Call(jen.Id("AddToScheme").Call(jen.Id(scheme))),
	)
}

// writeFakeClientset is fake/clientset_generated.go: a clientset over an
// object tracker that keeps objects with finalizers terminating on DELETE,
// as kube-apiserver does (lifecycle.NewFinalizingTracker), whose writes run
// the scheme's validation and answer 422 as kube-apiserver does
// (lifecycle.FakeValidator; WithoutValidation turns that off), and, when the
// clientset has apply configurations, one whose tracker manages fields for
// server-side apply, as client-gen's NewClientset.
func writeFakeClientset(f *jen.File, cs *clientset) {
	objects := jen.Id("objects").Op("...").Qual(runtimePkg, "Object")
	f.Comment("NewSimpleClientset returns a clientset that will respond with the provided objects.")
	f.Comment("It's backed by a very simple object tracker that processes creates, updates and deletions")
	f.Comment("without field management or defaults, but with kube-apiserver's validation and finalizer")
	f.Comment("semantics: a create, update, patch or apply (also of /status) that the validation registered")
	f.Comment("in the scheme refuses answers 422 Invalid as kube-apiserver does (see WithoutValidation;")
	f.Comment("the objects given here are not validated), deleting an object with finalizers marks it")
	f.Comment("terminating, and removing its last finalizer deletes it. It is no replacement for a real server.")
	f.Func().Id("NewSimpleClientset").Params(objects.Clone()).Op("*").Id("Clientset").Block(
		jen.Return(jen.Id("newClientset").Call(
			jen.Qual(testingPkg, "NewObjectTracker").Call(jen.Id("scheme"), jen.Id("codecs").Dot("UniversalDecoder").Call()),
			jen.Nil(),
			jen.Id("objects"))),
	)
	if cs.hasApplyConfigurations() {
		f.Comment("NewClientset returns a clientset that will respond with the provided objects, as")
		f.Comment("NewSimpleClientset does, and that also tracks managed fields and so serves server-side")
		f.Comment("apply (Apply and ApplyStatus), with the schema of the apply configurations. Defaults and")
		f.Comment("apply to terminating objects are not what a real server does.")
		f.Func().Id("NewClientset").Params(objects.Clone()).Op("*").Id("Clientset").Block(
			jen.Id("typeConverter").Op(":=").Qual(cs.applyConfigRoot().pkgPath, "NewTypeConverter").Call(jen.Id("scheme")),
			jen.Return(jen.Id("newClientset").Call(
				jen.Qual(testingPkg, "NewFieldManagedObjectTracker").Call(
					jen.Id("scheme"), jen.Id("codecs").Dot("UniversalDecoder").Call(), jen.Id("typeConverter")),
				jen.Id("typeConverter"),
				jen.Id("objects"))),
		)
	}
	tracker := jen.Id("tracker")
	if plurals := cs.unguessedPlurals(); len(plurals) > 0 {
		f.Comment("plurals are the resources whose plural is not the one client-go's object tracker guesses")
		f.Comment("from the kind: lifecycle.NewPluralTracker keeps them where the tracker looks for them.")
		f.Var().Id("plurals").Op("=").Map(jen.Qual(schemaPkg, "GroupVersionResource")).String().Values(jen.DictFunc(func(d jen.Dict) {
			for _, p := range plurals {
				d[jen.Values(jen.Dict{jen.Id("Group"): jen.Lit(p.Group), jen.Id("Version"): jen.Lit(p.Version), jen.Id("Resource"): jen.Lit(p.Resource)})] = jen.Lit(p.kind)
			}
		}))
		tracker = jen.Qual(lifecyclePkg, "NewPluralTracker").Call(jen.Id("tracker"), jen.Id("plurals"))
	}
	f.Comment("newClientset serves objects from tracker, wrapped to handle finalizers as kube-apiserver does,")
	f.Comment("and validates writes with the scheme's validation (typeConverter: the tracker's, for apply).")
	f.Func().Id("newClientset").Params(jen.Id("tracker").Qual(testingPkg, "ObjectTracker"), jen.Id("typeConverter").Qual(managedfieldsPkg, "TypeConverter"), jen.Id("objects").Index().Qual(runtimePkg, "Object")).Op("*").Id("Clientset").Block(
		jen.Id("o").Op(":=").Qual(lifecyclePkg, "NewFinalizingTracker").Call(tracker),
		jen.For(jen.List(jen.Id("_"), jen.Id("obj")).Op(":=").Range().Id("objects")).Block(
			jen.If(jen.Err().Op(":=").Id("o").Dot("Add").Call(jen.Id("obj")), jen.Err().Op("!=").Nil()).Block(jen.Panic(jen.Err()))),
		jen.Line(),
		jen.Id("cs").Op(":=").Op("&").Id("Clientset").Values(jen.Dict{
			jen.Id("tracker"):    jen.Id("o"),
			jen.Id("validation"): jen.Qual(lifecyclePkg, "NewFakeValidator").Call(jen.Id("scheme"), jen.Id("typeConverter")),
		}),
		jen.Id("cs").Dot("discovery").Op("=").Op("&").Qual(fakediscovery, "FakeDiscovery").Values(jen.Dict{jen.Id("Fake"): jen.Op("&").Id("cs").Dot("Fake")}),
		jen.Id("cs").Dot("AddReactor").Call(jen.Lit("*"), jen.Lit("*"), jen.Id("cs").Dot("validation").Dot("Reaction").Call(jen.Id("o"))),
		jen.Id("cs").Dot("AddReactor").Call(jen.Lit("*"), jen.Lit("*"), jen.Qual(lifecyclePkg, "ObjectReaction").Call(jen.Id("o"))),
		jen.Id("cs").Dot("AddWatchReactor").Call(jen.Lit("*"), jen.Func().Params(jen.Id("action").Qual(testingPkg, "Action")).
			Params(jen.Id("handled").Bool(), jen.Id("ret").Qual(watchPkg, "Interface"), jen.Err().Error()).Block(
			jen.Var().Id("opts").Add(metav1("ListOptions")),
			jen.If(jen.List(jen.Id("watchAction"), jen.Id("ok")).Op(":=").Id("action").Assert(jen.Qual(testingPkg, "WatchActionImpl")), jen.Id("ok")).Block(
				jen.Id("opts").Op("=").Id("watchAction").Dot("ListOptions")),
			jen.List(jen.Id("w"), jen.Err()).Op(":=").Id("o").Dot("Watch").Call(jen.Id("action").Dot("GetResource").Call(), jen.Id("action").Dot("GetNamespace").Call(), jen.Id("opts")),
			jen.If(jen.Err().Op("!=").Nil()).Block(jen.Return(jen.False(), jen.Nil(), jen.Err())),
			jen.Return(jen.True(), jen.Id("w"), jen.Nil()),
		)),
		jen.Line(),
		jen.Return(jen.Id("cs")),
	)
	f.Comment("Clientset implements clientset.Interface. Meant to be embedded into a")
	f.Comment("struct to get a default implementation. This makes faking out just the method")
	f.Comment("you want to test easier.")
	f.Type().Id("Clientset").Struct(
		jen.Qual(testingPkg, "Fake"),
		jen.Id("discovery").Op("*").Qual(fakediscovery, "FakeDiscovery"),
		jen.Id("tracker").Qual(testingPkg, "ObjectTracker"),
		jen.Id("validation").Op("*").Qual(lifecyclePkg, "FakeValidator"),
	)
	f.Comment("Discovery returns the fake discovery client.")
	f.Func().Params(jen.Id("c").Op("*").Id("Clientset")).Id("Discovery").Params().Qual(discoveryPkg, "DiscoveryInterfaces").Block(
		jen.Return(jen.Id("c").Dot("discovery")))
	f.Comment("Tracker returns the object tracker behind the clientset.")
	f.Func().Params(jen.Id("c").Op("*").Id("Clientset")).Id("Tracker").Params().Qual(testingPkg, "ObjectTracker").Block(
		jen.Return(jen.Id("c").Dot("tracker")))
	f.Comment("WithoutValidation turns off the validation of writes, for tests that need objects the")
	f.Comment("validation refuses (objects given to the constructor or added to the Tracker are never")
	f.Comment("validated), and returns c. Validation(true) turns it on again.")
	f.Func().Params(jen.Id("c").Op("*").Id("Clientset")).Id("WithoutValidation").Params().Op("*").Id("Clientset").Block(
		jen.Id("c").Dot("validation").Dot("SetEnabled").Call(jen.False()),
		jen.Return(jen.Id("c")))
	f.Comment("Validation turns the validation of writes on or off (it is on in a new clientset): a")
	f.Comment("create, update, patch or apply, also of /status, that the validation registered in the")
	f.Comment("scheme refuses answers 422 Invalid, as kube-apiserver does (lifecycle.FakeValidator).")
	f.Func().Params(jen.Id("c").Op("*").Id("Clientset")).Id("Validation").Params(jen.Id("on").Bool()).Block(
		jen.Id("c").Dot("validation").Dot("SetEnabled").Call(jen.Id("on")))
	f.Comment("IsWatchListSemanticsUnSupported informs the reflector that this client")
	f.Comment("doesn't support WatchList semantics.")
	f.Func().Params(jen.Id("c").Op("*").Id("Clientset")).Id("IsWatchListSemanticsUnSupported").Params().Bool().Block(
		jen.Return(jen.True()))
	f.Var().Defs(
		jen.Id("_").Qual(cs.clientsetPkg().pkgPath, "Interface").Op("=").Op("&").Id("Clientset").Values(),
		jen.Id("_").Qual(testingPkg, "FakeClient").Op("=").Op("&").Id("Clientset").Values(),
	)
	for _, gv := range cs.Groups {
		f.Commentf("%s retrieves the %sClient", clientName(gv), clientName(gv))
		f.Func().Params(jen.Id("c").Op("*").Id("Clientset")).Id(clientName(gv)).Params().
			Qual(cs.typedPkg(gv).pkgPath, clientName(gv)+"Interface").Block(
			jen.Return(jen.Op("&").Qual(cs.typedFakePkg(gv).pkgPath, fakeGroupName(gv)).Values(jen.Dict{jen.Id("Fake"): jen.Op("&").Id("c").Dot("Fake")})))
	}
}

// unguessedPlural is a resource whose plural client-go's object tracker
// does not guess from its kind (meta.UnsafeGuessKindToResource).
type unguessedPlural struct {
	schema.GroupVersionResource
	kind string
}

// unguessedPlurals are the clientset's resources whose plural is not
// client-go's guess (Gateway: gateways, not gatewaies), sorted.
func (cs *clientset) unguessedPlurals() []unguessedPlural {
	var out []unguessedPlural
	for _, gv := range cs.Groups {
		for _, t := range gv.Types {
			gvr := schema.GroupVersionResource{Group: gv.Group, Version: gv.Version, Resource: t.Plural}
			if guess, _ := meta.UnsafeGuessKindToResource(gvr.GroupVersion().WithKind(t.Kind)); guess != gvr {
				out = append(out, unguessedPlural{gvr, t.Kind})
			}
		}
	}
	return out
}
