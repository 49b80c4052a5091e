package client

import (
	"strings"

	"github.com/dave/jennifer/jen"

	"github.com/metagen-dev/metagen/generators/gen"
)

// hasLister reports whether lister-gen would write a lister for ct: for
// list and get, even under noVerbs, which lister-gen does not read.
func hasLister(ct *clientType) bool { return ct.Tagged.has("list", "get") }

// hasInformer reports whether informer-gen would write an informer for ct:
// for list and watch on the typed client; its Lister needs the lister too.
func hasInformer(ct *clientType) bool { return hasLister(ct) && ct.Verbs.has("list", "watch") }

// writeListers writes listers/<group>/<version>, as lister-gen does.
func writeListers(pass *gen.Pass, cs *clientset, gv *groupVersion) {
	var listed []*clientType
	for _, ct := range gv.Types {
		if hasLister(ct) {
			listed = append(listed, ct)
		}
	}
	if len(listed) == 0 {
		return
	}
	w := cs.listersPkg(gv)
	for _, ct := range listed {
		writeLister(cs.newFile(pass, w, strings.ToLower(ct.Kind)+".go"), gv, ct)
	}
	f := cs.newFile(pass, w, "expansion_generated.go")
	for _, ct := range listed {
		if handWritten(w.dir, strings.ToLower(ct.Kind)+"_expansion.go") {
			continue
		}
		f.Commentf("%sListerExpansion allows custom methods to be added to", ct.Kind)
		f.Commentf("%sLister.", ct.Kind)
		f.Type().Id(ct.Kind + "ListerExpansion").Interface()
		if !ct.ClusterScoped {
			f.Commentf("%sNamespaceListerExpansion allows custom methods to be added to", ct.Kind)
			f.Commentf("%sNamespaceLister.", ct.Kind)
			f.Type().Id(ct.Kind + "NamespaceListerExpansion").Interface()
		}
	}
}

func writeLister(f *jen.File, gv *groupVersion, ct *clientType) {
	lister, impl := ct.Kind+"Lister", lowerFirst(ct.Kind)+"Lister"
	selector := jen.Id("selector").Qual(labelsPkg, "Selector")
	listResults := []jen.Code{jen.Id("ret").Index().Add(obj(ct)), jen.Err().Error()}
	f.Commentf("%s helps list %s.", lister, ct.GoPlural)
	f.Comment("All objects returned here must be treated as read-only.")
	f.Type().Id(lister).InterfaceFunc(func(g *jen.Group) {
		g.Commentf("List lists all %s in the indexer.", ct.GoPlural)
		g.Comment("Objects returned here must be treated as read-only.")
		g.Id("List").Params(selector.Clone()).Params(listResults...)
		if !ct.ClusterScoped {
			g.Commentf("%s returns an object that can list and get %s.", ct.GoPlural, ct.GoPlural)
			g.Id(ct.GoPlural).Params(jen.Id("namespace").String()).Id(ct.Kind + "NamespaceLister")
		} else {
			g.Commentf("Get retrieves the %s from the index for a given name.", ct.Kind)
			g.Comment("Objects returned here must be treated as read-only.")
			g.Id("Get").Params(jen.Id("name").String()).Params(obj(ct), jen.Error())
		}
		g.Id(lister + "Expansion")
	})
	indexer := jen.Qual(listersPkg, "ResourceIndexer").Types(obj(ct))
	f.Commentf("%s implements the %s interface.", impl, lister)
	f.Type().Id(impl).Struct(indexer.Clone())
	f.Commentf("New%s returns a new %s.", lister, lister)
	f.Func().Id("New" + lister).Params(jen.Id("indexer").Qual(cachePkg, "Indexer")).Id(lister).Block(
		jen.Return(jen.Op("&").Id(impl).Values(jen.Qual(listersPkg, "New").Types(obj(ct)).Call(
			jen.Id("indexer"), groupResource(gv, ct)))))
	if ct.ClusterScoped {
		return
	}
	nsLister, nsImpl := ct.Kind+"NamespaceLister", lowerFirst(ct.Kind)+"NamespaceLister"
	f.Commentf("%s returns an object that can list and get %s.", ct.GoPlural, ct.GoPlural)
	f.Func().Params(jen.Id("s").Op("*").Id(impl)).Id(ct.GoPlural).Params(jen.Id("namespace").String()).Id(nsLister).Block(
		jen.Return(jen.Id(nsImpl).Values(jen.Qual(listersPkg, "NewNamespaced").Types(obj(ct)).Call(jen.Id("s").Dot("ResourceIndexer"), jen.Id("namespace")))))
	f.Commentf("%s helps list and get %s.", nsLister, ct.GoPlural)
	f.Comment("All objects returned here must be treated as read-only.")
	f.Type().Id(nsLister).Interface(
		jen.Commentf("List lists all %s in the indexer for a given namespace.", ct.GoPlural),
		jen.Comment("Objects returned here must be treated as read-only."),
		jen.Id("List").Params(selector.Clone()).Params(listResults...),
		jen.Commentf("Get retrieves the %s from the indexer for a given namespace and name.", ct.Kind),
		jen.Comment("Objects returned here must be treated as read-only."),
		jen.Id("Get").Params(jen.Id("name").String()).Params(obj(ct), jen.Error()),
		jen.Id(nsLister+"Expansion"),
	)
	f.Commentf("%s implements the %s", nsImpl, nsLister)
	f.Comment("interface.")
	f.Type().Id(nsImpl).Struct(indexer.Clone())
}

// groupResource names the resource in the listers' NotFound errors.
func groupResource(gv *groupVersion, ct *clientType) jen.Code {
	return jen.Qual(schemaPkg, "GroupResource").Values(jen.Dict{
		jen.Id("Group"):    jen.Lit(gv.Group),
		jen.Id("Resource"): jen.Lit(ct.Plural),
	})
}
