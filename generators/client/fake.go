package client

import (
	"strings"

	"github.com/dave/jennifer/jen"

	"github.com/metagen-dev/metagen/generators/gen"
)

// writeTypedFake writes typed/<group>/<version>/fake: clients over
// client-go's testing.Fake, with the same interfaces.
func writeTypedFake(pass *gen.Pass, cs *clientset, gv *groupVersion) {
	w := cs.typedFakePkg(gv)
	doc := cs.newFile(pass, w, "doc.go")
	doc.PackageComment("Package fake has the fake typed clients of " + groupLabel(gv) + ", for tests.")
	writeFakeGroupClient(cs.newFile(pass, w, "fake_"+gv.Dir+"_client.go"), cs, gv)
	for _, ct := range gv.Types {
		writeFakeTypeClient(cs.newFile(pass, w, "fake_"+strings.ToLower(ct.Kind)+".go"), cs, gv, ct)
	}
}

func fakeGroupName(gv *groupVersion) string { return "Fake" + clientName(gv) }

func writeFakeGroupClient(f *jen.File, cs *clientset, gv *groupVersion) {
	name := fakeGroupName(gv)
	typed := cs.typedPkg(gv).pkgPath
	f.Commentf("%s implements %sInterface over a testing.Fake.", name, clientName(gv))
	f.Type().Id(name).Struct(jen.Op("*").Qual(testingPkg, "Fake"))
	for _, ct := range gv.Types {
		f.Commentf("%s returns a fake client for %s.", ct.GoPlural, ct.GoPlural)
		f.Func().Params(jen.Id("c").Op("*").Id(name)).Id(ct.GoPlural).Params(namespaceParam(ct)...).
			Qual(typed, ct.Kind+"Interface").
			Block(jen.Return(jen.Id("newFake" + ct.GoPlural).Call(newArgs(ct, jen.Id("c"))...)))
	}
	f.Comment("RESTClient returns a RESTClient that is used to communicate")
	f.Comment("with API server by this client implementation.")
	f.Func().Params(jen.Id("c").Op("*").Id(name)).Id("RESTClient").Params().Qual(restPkg, "Interface").Block(
		jen.Var().Id("ret").Op("*").Qual(restPkg, "RESTClient"),
		jen.Return(jen.Id("ret")),
	)
}

func writeFakeTypeClient(f *jen.File, cs *clientset, gv *groupVersion, ct *clientType) {
	impl := "fake" + ct.GoPlural
	f.Commentf("%s implements %sInterface.", impl, ct.Kind)
	f.Type().Id(impl).Struct(
		jen.Op("*").Add(gentypeClient(cs, ct, "Fake")),
		jen.Id("Fake").Op("*").Id(fakeGroupName(gv)),
	)
	f.Commentf("newFake%s returns a fake client for %s.", ct.GoPlural, ct.GoPlural)
	f.Func().Id("newFake"+ct.GoPlural).Params(append([]jen.Code{jen.Id("fake").Op("*").Id(fakeGroupName(gv))}, namespaceParam(ct)...)...).
		Qual(cs.typedPkg(gv).pkgPath, ct.Kind+"Interface").Block(jen.Return(jen.Op("&").Id(impl).Add(multiline("{", "}",
		jen.Qual(gentypePkg, gentypeConstructor(ct, "Fake")).Types(gentypeArgs(cs, ct)...).Add(multiline("(", ")", fakeConstructorArgs(ct)...)),
		jen.Id("fake"),
	))))
	writeBodies(f, impl, methods(cs, ct), true)
	if needsDeleter(ct) {
		f.Comment("deleter sends DELETE actions to the fake, for the conventions.")
		f.Func().Params(jen.Id("c").Op("*").Id(impl)).Id("deleter").Params().Qual(lifecyclePkg, "FakeDeleter").Block(
			jen.Return(jen.Qual(lifecyclePkg, "FakeDeleter").Values(jen.Dict{
				jen.Id("Fake"):      jen.Id("c").Dot("Fake").Dot("Fake"),
				jen.Id("Resource"):  jen.Id("c").Dot("Resource").Call(),
				jen.Id("Namespace"): jen.Id("c").Dot("Namespace").Call(),
			})),
		)
	}
}

// fakeConstructorArgs are the arguments of gentype's NewFakeClient…,
// with the list helpers its fake needs.
func fakeConstructorArgs(ct *clientType) []jen.Code {
	api := ct.T.Package.Path
	namespace := jen.Lit("")
	if !ct.ClusterScoped {
		namespace = jen.Id("namespace")
	}
	args := []jen.Code{
		jen.Id("fake").Dot("Fake"),
		namespace,
		jen.Qual(api, "SchemeGroupVersion").Dot("WithResource").Call(jen.Lit(ct.Plural)),
		jen.Qual(api, "SchemeGroupVersion").Dot("WithKind").Call(jen.Lit(ct.Kind)),
		jen.Func().Params().Add(obj(ct)).Block(jen.Return(jen.Op("&").Qual(api, ct.Kind).Values())),
	}
	if !ct.Verbs.has("list") {
		return args
	}
	return append(args,
		jen.Func().Params().Add(list(ct)).Block(jen.Return(jen.Op("&").Qual(api, ct.Kind+"List").Values())),
		jen.Func().Params(jen.List(jen.Id("dst"), jen.Id("src")).Add(list(ct))).Block(
			jen.Id("dst").Dot("ListMeta").Op("=").Id("src").Dot("ListMeta")),
		jen.Func().Params(jen.Id("list").Add(list(ct))).Index().Add(obj(ct)).Block(
			jen.Return(jen.Qual(gentypePkg, "ToPointerSlice").Call(jen.Id("list").Dot("Items")))),
		jen.Func().Params(jen.Id("list").Add(list(ct)), jen.Id("items").Index().Add(obj(ct))).Block(
			jen.Id("list").Dot("Items").Op("=").Qual(gentypePkg, "FromPointerSlice").Call(jen.Id("items"))),
	)
}
