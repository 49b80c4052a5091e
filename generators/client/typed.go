package client

import (
	"strings"

	"github.com/dave/jennifer/jen"

	"github.com/metagen-dev/metagen/generators/gen"
)

// writeTyped writes typed/<group>/<version>: the group version client, one
// client per type, and the expansion interfaces.
func writeTyped(pass *gen.Pass, cs *clientset, gv *groupVersion) {
	w := cs.typedPkg(gv)
	doc := cs.newFile(pass, w, "doc.go")
	doc.PackageComment("Package " + w.name + " has the typed clients of " + groupLabel(gv) + ".")
	writeGroupClient(cs.newFile(pass, w, gv.Dir+"_client.go"), cs, gv)
	for _, ct := range gv.Types {
		writeTypeClient(cs.newFile(pass, w, strings.ToLower(ct.Kind)+".go"), cs, gv, ct)
	}
	writeExpansions(cs.newFile(pass, w, "generated_expansion.go"), w.dir, gv)
}

// groupLabel names a group version in comments.
func groupLabel(gv *groupVersion) string {
	if gv.Group == "" {
		return "the core API group, version " + gv.Version
	}
	return gv.Group + "/" + gv.Version
}

func clientName(gv *groupVersion) string { return gv.GoName + upperFirst(gv.Version) }

func upperFirst(s string) string { return strings.ToUpper(s[:1]) + s[1:] }
func lowerFirst(s string) string { return strings.ToLower(s[:1]) + s[1:] }

// writeGroupClient is <group>_client.go: the client of one group version,
// configured like client-gen's.
func writeGroupClient(f *jen.File, cs *clientset, gv *groupVersion) {
	name := clientName(gv)
	f.Commentf("%sInterface has a method per type of %s, and the REST client they share.", name, groupLabel(gv))
	f.Type().Id(name + "Interface").InterfaceFunc(func(g *jen.Group) {
		g.Id("RESTClient").Params().Qual(restPkg, "Interface")
		for _, ct := range gv.Types {
			g.Id(ct.GoPlural + "Getter")
		}
	})
	f.Commentf("%sClient is used to interact with features provided by the %s group.", name, groupOrCore(gv))
	f.Type().Id(name + "Client").Struct(jen.Id("restClient").Qual(restPkg, "Interface"))
	for _, ct := range gv.Types {
		f.Commentf("%s returns a client for %s.", ct.GoPlural, ct.GoPlural)
		f.Func().Params(jen.Id("c").Op("*").Id(name + "Client")).Id(ct.GoPlural).
			Params(namespaceParam(ct)...).Id(ct.Kind + "Interface").
			Block(jen.Return(jen.Id("new" + ct.GoPlural).Call(newArgs(ct, jen.Id("c"))...)))
	}
	writeGroupConstructors(f, name)
	writeConfigDefaults(f, cs, gv)
	f.Comment("RESTClient returns a RESTClient that is used to communicate")
	f.Comment("with API server by this client implementation.")
	f.Func().Params(jen.Id("c").Op("*").Id(name+"Client")).Id("RESTClient").Params().Qual(restPkg, "Interface").Block(
		jen.If(jen.Id("c").Op("==").Nil()).Block(jen.Return(jen.Nil())),
		jen.Return(jen.Id("c").Dot("restClient")),
	)
}

func groupOrCore(gv *groupVersion) string {
	if gv.Group == "" {
		return "core"
	}
	return gv.Group
}

func namespaceParam(ct *clientType) []jen.Code {
	if !ct.ClusterScoped {
		return []jen.Code{jen.Id("namespace").String()}
	}
	return nil
}

func newArgs(ct *clientType, client jen.Code) []jen.Code {
	if !ct.ClusterScoped {
		return []jen.Code{client, jen.Id("namespace")}
	}
	return []jen.Code{client}
}

func writeGroupConstructors(f *jen.File, name string) {
	client := jen.Op("*").Id(name + "Client")
	f.Commentf("NewForConfig creates a new %sClient for the given config.", name)
	f.Comment("NewForConfig is equivalent to NewForConfigAndClient(c, httpClient),")
	f.Comment("where httpClient was generated with rest.HTTPClientFor(c).")
	f.Func().Id("NewForConfig").Params(jen.Id("c").Op("*").Qual(restPkg, "Config")).Params(client.Clone(), jen.Error()).Block(
		jen.Id("config").Op(":=").Op("*").Id("c"),
		jen.Id("setConfigDefaults").Call(jen.Op("&").Id("config")),
		jen.List(jen.Id("httpClient"), jen.Err()).Op(":=").Qual(restPkg, "HTTPClientFor").Call(jen.Op("&").Id("config")),
		jen.If(jen.Err().Op("!=").Nil()).Block(jen.Return(jen.Nil(), jen.Err())),
		jen.Return(jen.Id("NewForConfigAndClient").Call(jen.Op("&").Id("config"), jen.Id("httpClient"))),
	)
	f.Commentf("NewForConfigAndClient creates a new %sClient for the given config and http client.", name)
	f.Comment("Note the http client provided takes precedence over the configured transport values.")
	f.Func().Id("NewForConfigAndClient").Params(jen.Id("c").Op("*").Qual(restPkg, "Config"), jen.Id("h").Op("*").Qual(httpPkg, "Client")).
		Params(client.Clone(), jen.Error()).Block(
		jen.Id("config").Op(":=").Op("*").Id("c"),
		jen.Id("setConfigDefaults").Call(jen.Op("&").Id("config")),
		jen.List(jen.Id("client"), jen.Err()).Op(":=").Qual(restPkg, "RESTClientForConfigAndClient").Call(jen.Op("&").Id("config"), jen.Id("h")),
		jen.If(jen.Err().Op("!=").Nil()).Block(jen.Return(jen.Nil(), jen.Err())),
		jen.Return(jen.Op("&").Id(name+"Client").Values(jen.Id("client")), jen.Nil()),
	)
	f.Commentf("NewForConfigOrDie creates a new %sClient for the given config and", name)
	f.Comment("panics if there is an error in the config.")
	f.Func().Id("NewForConfigOrDie").Params(jen.Id("c").Op("*").Qual(restPkg, "Config")).Add(client.Clone()).Block(
		jen.List(jen.Id("client"), jen.Err()).Op(":=").Id("NewForConfig").Call(jen.Id("c")),
		jen.If(jen.Err().Op("!=").Nil()).Block(jen.Panic(jen.Err())),
		jen.Return(jen.Id("client")),
	)
	f.Commentf("New creates a new %sClient for the given RESTClient.", name)
	f.Func().Id("New").Params(jen.Id("c").Qual(restPkg, "Interface")).Add(client.Clone()).Block(
		jen.Return(jen.Op("&").Id(name + "Client").Values(jen.Id("c"))),
	)
}

// writeConfigDefaults points the config at the group version, with the
// clientset's scheme as serializer.
func writeConfigDefaults(f *jen.File, cs *clientset, gv *groupVersion) {
	apiPath := "/apis"
	if gv.Group == "" {
		apiPath = "/api"
	}
	scheme := cs.schemePkg().pkgPath
	f.Func().Id("setConfigDefaults").Params(jen.Id("config").Op("*").Qual(restPkg, "Config")).Block(
		jen.Id("gv").Op(":=").Qual(gv.Pkg.Path, "SchemeGroupVersion"),
		jen.Id("config").Dot("GroupVersion").Op("=").Op("&").Id("gv"),
		jen.Id("config").Dot("APIPath").Op("=").Lit(apiPath),
		jen.Id("config").Dot("NegotiatedSerializer").Op("=").Qual(restPkg, "CodecFactoryForGeneratedClient").
			Call(jen.Qual(scheme, "Scheme"), jen.Qual(scheme, "Codecs")).Dot("WithoutConversion").Call(),
		jen.Line(),
		jen.If(jen.Id("config").Dot("UserAgent").Op("==").Lit("")).Block(
			jen.Id("config").Dot("UserAgent").Op("=").Qual(restPkg, "DefaultKubernetesUserAgent").Call(),
		),
	)
}

// writeTypeClient is <type>.go: the getter, the interface and its
// implementation on gentype.
func writeTypeClient(f *jen.File, cs *clientset, gv *groupVersion, ct *clientType) {
	impl := lowerFirst(ct.GoPlural)
	f.Commentf("%sGetter has a method to return a %sInterface.", ct.GoPlural, ct.Kind)
	f.Comment("A group's client should implement this interface.")
	f.Type().Id(ct.GoPlural + "Getter").Interface(jen.Id(ct.GoPlural).Params(namespaceParam(ct)...).Id(ct.Kind + "Interface"))

	all := methods(cs, ct)
	f.Commentf("%sInterface has methods to work with %s resources.", ct.Kind, ct.Kind)
	f.Type().Id(ct.Kind + "Interface").InterfaceFunc(func(g *jen.Group) {
		for _, m := range all {
			for _, line := range m.Doc {
				g.Comment(line)
			}
			g.Id(m.Name).Params(m.Params...).Params(m.Results...)
		}
		g.Id(ct.Kind + "Expansion")
	})

	f.Commentf("%s implements %sInterface.", impl, ct.Kind)
	f.Type().Id(impl).Struct(jen.Op("*").Add(gentypeClient(cs, ct, "")))
	f.Commentf("new%s returns a %s.", ct.GoPlural, impl)
	f.Func().Id("new" + ct.GoPlural).Params(append([]jen.Code{jen.Id("c").Op("*").Id(clientName(gv) + "Client")}, namespaceParam(ct)...)...).
		Op("*").Id(impl).Block(jen.Return(jen.Op("&").Id(impl).Add(multiline("{", "}",
		jen.Qual(gentypePkg, gentypeConstructor(ct, "")).Types(gentypeArgs(cs, ct)...).Add(multiline("(", ")", constructorArgs(cs, ct)...)),
	))))
	writeBodies(f, impl, all, false)
	if needsDeleter(ct) {
		f.Comment("deleter sends DELETE requests and keeps the answers, for the conventions.")
		f.Func().Params(jen.Id("c").Op("*").Id(impl)).Id("deleter").Params().Qual(lifecyclePkg, "RESTDeleter").Block(
			jen.Return(jen.Qual(lifecyclePkg, "RESTDeleter").Values(jen.Dict{
				jen.Id("Client"):    jen.Id("c").Dot("GetClient").Call(),
				jen.Id("Namespace"): jen.Id("c").Dot("GetNamespace").Call(),
				jen.Id("Resource"):  jen.Lit(ct.Plural),
			})),
		)
	}
}

// constructorArgs are the arguments of gentype's NewClient….
func constructorArgs(cs *clientset, ct *clientType) []jen.Code {
	namespace := jen.Lit("")
	if !ct.ClusterScoped {
		namespace = jen.Id("namespace")
	}
	args := []jen.Code{
		jen.Lit(ct.Plural),
		jen.Id("c").Dot("RESTClient").Call(),
		jen.Qual(cs.schemePkg().pkgPath, "ParameterCodec"),
		namespace,
		jen.Func().Params().Add(obj(ct)).Block(jen.Return(jen.Op("&").Qual(ct.T.Package.Path, ct.Kind).Values())),
	}
	if ct.Verbs.has("list") {
		args = append(args, jen.Func().Params().Add(list(ct)).Block(jen.Return(jen.Op("&").Qual(ct.T.Package.Path, ct.Kind+"List").Values())))
	}
	return args
}

// writeBodies writes the methods the gentype client does not provide.
func writeBodies(f *jen.File, receiver string, all []method, fake bool) {
	for _, m := range all {
		body := m.Real
		if fake {
			body = m.Fake
		}
		if body == nil {
			continue
		}
		for _, line := range m.Doc {
			f.Comment(line)
		}
		f.Func().Params(jen.Id("c").Op("*").Id(receiver)).Id(m.Name).Params(m.Params...).Params(m.Results...).Block(body...)
	}
}

// gentypeClient is the gentype client ct embeds; prefix is "Fake" for fakes.
func gentypeClient(cs *clientset, ct *clientType, prefix string) *jen.Statement {
	return jen.Qual(gentypePkg, prefix+"Client"+gentypeVariant(ct)).Types(gentypeArgs(cs, ct)...)
}

func gentypeConstructor(ct *clientType, prefix string) string {
	return "New" + prefix + "Client" + gentypeVariant(ct)
}

// gentypeVariant names the gentype client with the verbs ct needs beyond
// the basic ones: list, apply (and applyStatus, which comes with it), or both.
func gentypeVariant(ct *clientType) string {
	switch {
	case ct.Verbs.has("list") && hasApply(ct):
		return "WithListAndApply"
	case ct.Verbs.has("list"):
		return "WithList"
	case hasApply(ct):
		return "WithApply"
	}
	return ""
}

// gentypeArgs are the type arguments: the object, its list, its apply configuration.
func gentypeArgs(cs *clientset, ct *clientType) []jen.Code {
	args := []jen.Code{obj(ct)}
	if ct.Verbs.has("list") {
		args = append(args, list(ct))
	}
	if hasApply(ct) {
		args = append(args, jen.Op("*").Add(cs.applyConfigOf(ct)))
	}
	return args
}

// writeExpansions declares the empty expansion interfaces, except for types
// whose <type>_expansion.go is written by hand.
func writeExpansions(f *jen.File, dir string, gv *groupVersion) {
	for _, ct := range gv.Types {
		if handWritten(dir, strings.ToLower(ct.Kind)+"_expansion.go") {
			continue
		}
		f.Commentf("%sExpansion allows custom methods to be added to %sInterface.", ct.Kind, ct.Kind)
		f.Type().Id(ct.Kind + "Expansion").Interface()
	}
}
