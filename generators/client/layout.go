package client

import (
	"path"
	"path/filepath"
	"strings"
	"unicode"

	"github.com/dave/jennifer/jen"

	"github.com/metagen-dev/metagen/generators/gen"
)

// Outside packages the generated code uses.
const (
	contextPkg       = "context"
	timePkg          = "time"
	fmtPkg           = "fmt"
	httpPkg          = "net/http"
	reflectPkg       = "reflect"
	syncPkg          = "sync"
	metav1Pkg        = "k8s.io/apimachinery/pkg/apis/meta/v1"
	typesPkg         = "k8s.io/apimachinery/pkg/types"
	watchPkg         = "k8s.io/apimachinery/pkg/watch"
	labelsPkg        = "k8s.io/apimachinery/pkg/labels"
	runtimePkg       = "k8s.io/apimachinery/pkg/runtime"
	schemaPkg        = "k8s.io/apimachinery/pkg/runtime/schema"
	serializerPkg    = "k8s.io/apimachinery/pkg/runtime/serializer"
	utilruntimePkg   = "k8s.io/apimachinery/pkg/util/runtime"
	waitPkg          = "k8s.io/apimachinery/pkg/util/wait"
	restPkg          = "k8s.io/client-go/rest"
	gentypePkg       = "k8s.io/client-go/gentype"
	testingPkg       = "k8s.io/client-go/testing"
	discoveryPkg     = "k8s.io/client-go/discovery"
	fakediscovery    = "k8s.io/client-go/discovery/fake"
	flowcontrolPkg   = "k8s.io/client-go/util/flowcontrol"
	listersPkg       = "k8s.io/client-go/listers"
	cachePkg         = "k8s.io/client-go/tools/cache"
	lifecyclePkg     = "github.com/metagen-dev/metagen/schema/lifecycle"
	jsonPkg          = "encoding/json"
	applyPkg         = "k8s.io/client-go/util/apply"
	managedfieldsPkg = "k8s.io/apimachinery/pkg/util/managedfields"
	smdTypedPkg      = "sigs.k8s.io/structured-merge-diff/v6/typed"
)

// where is one generated package: its directory and import path.
type where struct {
	dir, pkgPath, name string
}

func (w where) sub(elem, name string) where {
	return where{filepath.Join(w.dir, filepath.FromSlash(elem)), path.Join(w.pkgPath, elem), name}
}

func (cs *clientset) root() where { return where{cs.Dir, cs.PkgPath, ""} }

// clientsetPkg is clientset/, or clientset/NAME with --clientset-name (the
// layout of kube_codegen.sh: clientset/versioned).
func (cs *clientset) clientsetPkg() where {
	if cs.Name != "" {
		return cs.root().sub("clientset/"+cs.Name, cs.Name)
	}
	return cs.root().sub("clientset", "clientset")
}
func (cs *clientset) schemePkg() where        { return cs.clientsetPkg().sub("scheme", "scheme") }
func (cs *clientset) fakeClientsetPkg() where { return cs.clientsetPkg().sub("fake", "fake") }
func (cs *clientset) informersPkg() where     { return cs.root().sub("informers", "informers") }
func (cs *clientset) internalInterfaces() where {
	return cs.informersPkg().sub("internalinterfaces", "internalinterfaces")
}

func (cs *clientset) typedPkg(gv *groupVersion) where {
	return cs.clientsetPkg().sub("typed/"+gv.Dir+"/"+gv.Version, gv.Version)
}

func (cs *clientset) typedFakePkg(gv *groupVersion) where { return cs.typedPkg(gv).sub("fake", "fake") }

func (cs *clientset) listersPkg(gv *groupVersion) where {
	return cs.root().sub("listers/"+gv.Dir+"/"+gv.Version, gv.Version)
}

func (cs *clientset) informerGroupPkg(gv *groupVersion) where {
	return cs.informersPkg().sub(gv.InformerDir, gv.InformerPkg)
}

func (cs *clientset) informerVersionPkg(gv *groupVersion) where {
	return cs.informerGroupPkg(gv).sub(gv.Version, gv.Version)
}

// applyConfigRoot is applyconfiguration/, with ForKind and NewTypeConverter.
func (cs *clientset) applyConfigRoot() where {
	if cs.acOnly {
		return where{cs.Dir, cs.PkgPath, path.Base(cs.PkgPath)}
	}
	return cs.root().sub("applyconfiguration", "applyconfiguration")
}

// applyConfigInternal holds the schema of the apply configurations.
func (cs *clientset) applyConfigInternal() where {
	return cs.applyConfigRoot().sub("internal", "internal")
}

func (cs *clientset) applyConfigPkg(gv *groupVersion) where {
	if cs.acOnly {
		return cs.applyConfigRoot().sub(acGroupDir(gv.Pkg.Path), gv.Version)
	}
	// applyconfiguration-gen names the directory after the API package's
	// path (its group directory lowercased), as typed/ and listers/ are.
	return cs.applyConfigRoot().sub(gv.Dir+"/"+gv.Version, gv.Version)
}

// hasApplyConfigurations reports whether any type of the clientset has an
// apply configuration; without one, applyconfiguration/ is not written.
func (cs *clientset) hasApplyConfigurations() bool { return len(cs.applyTypes) > 0 }

// Trees are the directories the clientset owns entirely.
func (cs *clientset) trees() []string {
	return []string{cs.clientsetPkg().dir, cs.root().sub("listers", "").dir, cs.informersPkg().dir, cs.applyConfigRoot().dir}
}

// newFile starts a file in w, with the import names of every package of
// the clientset fixed up front, so that they never depend on use order.
func (cs *clientset) newFile(pass *gen.Pass, w where, name string) *jen.File {
	f := pass.NewFileAt(filepath.Join(w.dir, name), w.pkgPath, w.name)
	aliases := cs.aliases
	if aliases == nil {
		aliases = cs.importAliases()
	}
	for _, a := range aliases {
		f.ImportAlias(a.path, a.alias)
	}
	return f
}

// importAlias is one import name newFile fixes.
type importAlias struct{ path, alias string }

// importAliases are the import names of every file of the clientset, in the
// order newFile sets them. They are the same for all of its files, so they
// are worked out once, when the plan is made (newPlan keeps them in
// cs.aliases): a clientset of all of k8s.io/api has some 1,500 files and 56
// group versions, and deriving each path again for each file was an eighth
// of the run.
func (cs *clientset) importAliases() []importAlias {
	var aliases []importAlias
	add := func(path, alias string) { aliases = append(aliases, importAlias{path, alias}) }
	for _, gv := range cs.Groups {
		id := gv.PkgName + gv.Version
		add(gv.Pkg.Path, id)
		add(cs.typedPkg(gv).pkgPath, "typed"+id)
		add(cs.typedFakePkg(gv).pkgPath, "fake"+id)
		add(cs.listersPkg(gv).pkgPath, "listers"+id)
		add(cs.informerGroupPkg(gv).pkgPath, gv.PkgName)
		add(cs.informerVersionPkg(gv).pkgPath, "informers"+id)
		add(cs.applyConfigPkg(gv).pkgPath, "ac"+id)
	}
	for _, path := range cs.otherPackages() {
		add(path, versionedAlias(path))
		if rest, ok := strings.CutPrefix(path, "k8s.io/api/"); ok {
			add("k8s.io/client-go/applyconfigurations/"+rest, "ac"+versionedAlias(path))
		}
	}
	add(acMetaPkg, "acmetav1")
	add(cs.applyConfigRoot().pkgPath, "applyconfiguration")
	add(cs.applyConfigInternal().pkgPath, "internal")
	add(cs.clientsetPkg().pkgPath, "clientset")
	add(cs.schemePkg().pkgPath, "scheme")
	add(cs.internalInterfaces().pkgPath, "internalinterfaces")
	add(fakediscovery, "fakediscovery")
	add(utilruntimePkg, "utilruntime")
	return aliases
}

// obj is *pkg.Kind of a type; list is *pkg.KindList.
func obj(ct *clientType) *jen.Statement  { return jen.Op("*").Qual(ct.T.Package.Path, ct.Kind) }
func list(ct *clientType) *jen.Statement { return jen.Op("*").Qual(ct.T.Package.Path, ct.Kind+"List") }

func ctxParam() *jen.Statement { return jen.Id("ctx").Qual(contextPkg, "Context") }

func metav1(name string) *jen.Statement { return jen.Qual(metav1Pkg, name) }

// multiline renders a call's or literal's items one per line, as
// client-gen's templates lay out constructors.
func multiline(open, close string, items ...jen.Code) *jen.Statement {
	return jen.Custom(jen.Options{Open: open, Close: close, Separator: ",", Multi: true}, items...)
}

// otherPackages are the packages of the types extra methods take or return,
// outside the clientset's group versions.
func (cs *clientset) otherPackages() []string {
	var paths []string
	for _, gv := range cs.Groups {
		for _, ct := range gv.Types {
			for _, ext := range ct.Extensions {
				for _, tn := range []*namedType{ext.Input, ext.Result} {
					if tn != nil && tn.Path != gv.Pkg.Path {
						paths = append(paths, tn.Path)
					}
				}
			}
		}
	}
	return paths
}

// versionedAlias names an API package as Kubernetes code does: the group
// directory and the version, "autoscalingv1" for k8s.io/api/autoscaling/v1.
func versionedAlias(pkgPath string) string {
	if alias, ok := gen.StandardAliases[pkgPath]; ok {
		return alias
	}
	dir, last := path.Split(pkgPath)
	if isVersion(last) {
		return strings.ReplaceAll(path.Base(dir), "-", "") + last
	}
	return strings.ReplaceAll(last, "-", "")
}

// isVersion reports whether s looks like v1, v1beta1 or v2alpha3.
func isVersion(s string) bool {
	if len(s) < 2 || s[0] != 'v' || s[1] < '0' || s[1] > '9' {
		return false
	}
	for _, r := range s[1:] {
		if !unicode.IsLetter(r) && !unicode.IsDigit(r) {
			return false
		}
	}
	return true
}
