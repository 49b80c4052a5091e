// Package conversion generates zz_generated.conversion.go as conversion-gen
// v0.37.2 writes it: for every struct type of the external types package
// whose name a peer package (the +k8s:conversion-gen=<package> values, then
// meta/v1, conversion and runtime, then the +metagen:conversion-extra-peers
// that stand for conversion-gen's --extra-peer-dirs) also declares, autoConvert_ and Convert_
// functions in both directions, field by field or as one unsafe.Pointer cast
// where the memory layouts are provably identical (conversion-gen's
// equal-memory rule), calling the hand-written Convert_ functions it finds
// (those of the conversion-gen run that generates the package: see
// assignVisible); and RegisterConversions with AddGeneratedConversionFunc
// and AddConversionFunc.
//
// Where conversion-gen would leave a field to a hand-written function and
// none exists, or write code that does not compile, metagen stops with a
// positioned error naming the function to write.
package conversion

import (
	"errors"
	"fmt"
	"go/token"
	"go/types"
	"maps"
	"path"
	"reflect"
	"slices"
	"strings"

	"github.com/dave/jennifer/jen"

	"github.com/metagen-dev/metagen/generators/diag"
	"github.com/metagen-dev/metagen/generators/gen"
	"github.com/metagen-dev/metagen/generators/gengo"
	"github.com/metagen-dev/metagen/generators/markers"
	"github.com/metagen-dev/metagen/generators/model"
)

const (
	outputFile    = "zz_generated.conversion.go"
	conversionPkg = "k8s.io/apimachinery/pkg/conversion"
	runtimePkg    = "k8s.io/apimachinery/pkg/runtime"
)

// basePeers are conversion-gen's default --base-peer-dirs, looked in after
// the packages a package names.
var basePeers = []string{"k8s.io/apimachinery/pkg/apis/meta/v1", conversionPkg, runtimePkg}

// Generator writes zz_generated.conversion.go.
var Generator = &gen.Generator{
	Name:       "conversion",
	Doc:        "zz_generated.conversion.go (Convert_*, RegisterConversions) for packages with +k8s:conversion-gen, as conversion-gen writes it.",
	Markers:    []markers.Definer{markers.K8sConversionGen, markers.K8sConversionGenExternalTypes, markers.K8sConversionGenExplicitFrom, markers.K8sConversionFn, markers.MetagenConversionExtraPeers},
	OutputFile: outputFile,
	Enabled:    Enabled,
	LoadsPeers: true, // the peer and external types packages, which conversion-gen loads itself
	Prepare:    prepare,
	ResultType: reflect.TypeOf(&state{}),
	Run:        run,
}

// Enabled is conversion-gen's activation: any package value, "false"
// included (which generates only the explicit-from conversions).
func Enabled(pkg *model.Package) bool { return markers.K8sConversionGen.Has(pkg.Markers) }

// function is a hand-written conversion function.
type function struct {
	pkgPath, name string
	pos           token.Pos
	in, out       types.Type
	copyOnly      bool
	drop          bool
}

func (f *function) code() *jen.Statement { return jen.Qual(f.pkgPath, f.name) }

type pair struct{ in, out string }

func pairOf(in, out types.Type) pair { return pair{gengo.Key(in), gengo.Key(out)} }

// state is what every package's pass shares.
type state struct {
	fset     *token.FileSet
	comments *model.Comments
	packages map[string]*types.Package // the inputs, the peers and everything they import
	inputs   map[string]bool
	// peerErrs say why a package the inputs name could not be loaded.
	peerErrs map[string]error
	// declared are the hand-written conversions of each package read, in
	// name order; visible, by generated package, those its code may call.
	declared map[string][]*function
	visible  map[string]map[pair]*function
	// splitBy is the conflict that made metagen generate each API group
	// as its own conversion-gen run (nil: the whole run is one).
	splitBy *conflict
	errs    []error
}

// prepare reads the hand-written functions of every package some input's
// conversions may call, once per run; a problem among them is the run's,
// reported once.
func prepare(p *gen.Prep) (any, error) {
	st := newState(p.Universe)
	return st, errors.Join(st.errs...)
}

func sharedState(pass *gen.Pass) *state { return gen.ResultOf[*state](pass, pass.Generator) }

func newState(universe *model.Universe) *state {
	st := &state{fset: universe.Fset, comments: universe.Comments, packages: map[string]*types.Package{}, inputs: map[string]bool{},
		peerErrs: universe.PeerErrors, declared: map[string][]*function{}, visible: map[string]map[pair]*function{}}
	// Inputs first: a dependency read from export data may carry its own,
	// partial, copy of an input package, which must not stand for it.
	for _, pkg := range universe.Packages {
		if pkg.Types != nil {
			st.packages[pkg.Path] = pkg.Types
			st.inputs[pkg.Path] = true
		}
	}
	// Then the packages the inputs name, which conversion-gen loads
	// whether they are imported or not, and their imports.
	for _, p := range slices.Sorted(maps.Keys(universe.Peers)) {
		st.index(universe.Peers[p])
	}
	for _, pkg := range universe.Packages {
		if pkg.Types != nil {
			for _, imp := range pkg.Types.Imports() {
				st.index(imp)
			}
		}
	}
	var generated []*model.Package
	read := map[string]bool{}
	for _, pkg := range universe.Packages {
		read[pkg.Path] = true
		if Enabled(pkg) {
			generated = append(generated, pkg)
			for _, p := range manualSources(pkg) {
				read[p] = true
			}
		}
	}
	// Every input's hand-written functions are read (their +k8s:conversion-fn
	// markers checked) in path order, with those of the packages they name.
	for _, p := range slices.Sorted(maps.Keys(read)) {
		st.declaredIn(p)
	}
	st.assignVisible(generated)
	return st
}

// assignVisible decides, for every generated package, which hand-written
// conversions its code may call: those conversion-gen sees in the run
// that generates the package. conversion-gen keeps one table per run, of
// its inputs' functions and those of the packages they name, and stops at
// a name two of them declare. So when no two packages of metagen's run
// declare the same conversion, the run is one conversion-gen run over all
// of them (as k8s.io/kubernetes runs it: admission/v1 calls
// authentication/v1's hand-written functions). When some do, the project
// cannot have run conversion-gen over them at once: it ran it once per API
// group (as cluster-api does, each group's version packages together), and
// so does metagen; a name declared twice within one group is the error.
func (st *state) assignVisible(generated []*model.Package) {
	visible, conflicts := st.conversionGenRun(generated)
	if len(conflicts) == 0 {
		for _, pkg := range generated {
			st.visible[pkg.Path] = visible
		}
		return
	}
	st.splitBy = &conflicts[0]
	reported := map[token.Pos]bool{} // two groups naming the same peers see its conflict once
	for _, group := range apiGroups(generated) {
		visible, conflicts := st.conversionGenRun(group)
		for _, pkg := range group {
			st.visible[pkg.Path] = visible
		}
		for _, c := range conflicts {
			if !reported[c.second.pos] {
				reported[c.second.pos] = true
				st.errs = append(st.errs, c.error(st.fset, path.Dir(group[0].Path)))
			}
		}
	}
}

// apiGroups splits the packages by directory: an API group's version
// packages are the subdirectories of one directory.
func apiGroups(pkgs []*model.Package) [][]*model.Package {
	byDir := map[string][]*model.Package{}
	for _, pkg := range pkgs {
		byDir[path.Dir(pkg.Path)] = append(byDir[path.Dir(pkg.Path)], pkg)
	}
	var groups [][]*model.Package
	for _, dir := range slices.Sorted(maps.Keys(byDir)) {
		groups = append(groups, byDir[dir])
	}
	return groups
}

// manualSources are the packages besides itself whose hand-written
// conversions conversion-gen reads for a package: the peers it names, its
// external types package, the base and the extra peers.
func manualSources(pkg *model.Package) []string {
	sources := namedSources(pkg)
	sources = append(sources, basePeers...)
	return append(sources, extraPeers(pkg)...)
}

// namedSources are the +k8s:conversion-gen peers and the external types.
func namedSources(pkg *model.Package) []string {
	var sources []string
	for _, m := range markers.K8sConversionGen.Markers(pkg.Markers) {
		if m.Value != "false" {
			sources = append(sources, m.Value)
		}
	}
	if m, ok := markers.K8sConversionGenExternalTypes.Marker(pkg.Markers); ok {
		sources = append(sources, m.Value)
	}
	return sources
}

// conflict is two packages of one conversion-gen run declaring a
// conversion for the same pair of types.
type conflict struct{ first, second *function }

func (c conflict) error(fset *token.FileSet, group string) error {
	return diag.Errorf(fset.Position(c.second.pos), "%s: a second hand-written conversion from %s to %s among the packages of %s, which conversion-gen generates in one run (there it stops: duplicate static conversion); %s.%s is the first: keep one",
		c.second.name, gengo.Key(c.second.in), gengo.Key(c.second.out), group, c.first.pkgPath, c.first.name)
}

// otherGroups names, for a conversion a package's group lacks, a package of
// another API group that declares it: metagen split the run by groups.
func (st *state) otherGroups(in, out types.Type) string {
	if st.splitBy == nil {
		return ""
	}
	key := pairOf(in, out)
	for _, p := range slices.Sorted(maps.Keys(st.declared)) {
		for _, f := range st.declared[p] {
			if pairOf(f.in, f.out) == key {
				return fmt.Sprintf(" (%s.%s is in another API group, outside this group's conversion-gen run: the run is split by groups as %s and %s both declare %s)",
					f.pkgPath, f.name, st.splitBy.first.pkgPath, st.splitBy.second.pkgPath, st.splitBy.second.name)
			}
		}
	}
	return ""
}

// conversionGenRun is the table of hand-written conversions of one
// conversion-gen run over the packages, read in its order: the packages
// the inputs name, the base and extra peers, then the inputs themselves.
func (st *state) conversionGenRun(inputs []*model.Package) (map[pair]*function, []conflict) {
	var order []string
	for _, pkg := range inputs {
		order = append(order, namedSources(pkg)...)
	}
	order = append(order, basePeers...)
	for _, pkg := range inputs {
		order = append(order, extraPeers(pkg)...)
	}
	for _, pkg := range inputs {
		order = append(order, pkg.Path)
	}
	table := map[pair]*function{}
	var conflicts []conflict
	seen := map[string]bool{}
	for _, path := range order {
		if seen[path] {
			continue
		}
		seen[path] = true
		for _, f := range st.declaredIn(path) {
			key := pairOf(f.in, f.out)
			if first := table[key]; first != nil {
				conflicts = append(conflicts, conflict{first, f})
				continue
			}
			table[key] = f
		}
	}
	return table, conflicts
}

// declaredIn reads a package's hand-written conversions once; a package
// that is neither an input, nor imported, nor loaded as a peer has none the
// run can see.
func (st *state) declaredIn(path string) []*function {
	fns, read := st.declared[path]
	if !read {
		if pkg := st.packages[path]; pkg != nil {
			fns = st.manualConversions(pkg)
		}
		st.declared[path] = fns
	}
	return fns
}

func (st *state) index(pkg *types.Package) {
	if _, seen := st.packages[pkg.Path()]; seen {
		return
	}
	st.packages[pkg.Path()] = pkg
	for _, imp := range pkg.Imports() {
		st.index(imp)
	}
}

// manualConversions is conversion-gen's getManualConversionFunctions:
// func Convert_<in>_To_<out>(*In, *Out, conversion.Scope) error.
func (st *state) manualConversions(pkg *types.Package) []*function {
	var fns []*function
	scope := pkg.Scope()
	for _, name := range scope.Names() {
		fn, ok := scope.Lookup(name).(*types.Func)
		if !ok {
			continue
		}
		sig := fn.Type().(*types.Signature)
		if sig.Recv() != nil || sig.Params().Len() != 3 || sig.Results().Len() != 1 || !isScope(sig.Params().At(2).Type()) ||
			types.TypeString(sig.Results().At(0).Type(), nil) != "error" {
			continue
		}
		inPtr, ok1 := sig.Params().At(0).Type().(*types.Pointer)
		outPtr, ok2 := sig.Params().At(1).Type().(*types.Pointer)
		if !ok1 || !ok2 {
			continue
		}
		in, out := inPtr.Elem(), outPtr.Elem()
		if name != functionName(in, out) {
			continue
		}
		f := &function{pkgPath: pkg.Path(), name: name, pos: fn.Pos(), in: in, out: out}
		values := st.conversionFnValues(fn)
		if len(values) == 1 { // conversion-gen honours the tag only when written once
			f.copyOnly, f.drop = values[0] == "copy-only", values[0] == "drop"
		}
		fns = append(fns, f)
	}
	return fns
}

// conversionFnValues checks the markers above a hand-written conversion
// function (misspellings and markers that do not belong on a function are
// positioned errors, as on types) and returns the +k8s:conversion-fn values
// it accepted (one of its Def's values).
func (st *state) conversionFnValues(fn *types.Func) []string {
	set, errs := st.comments.MarkersAbove(fn.Pos(), markers.OnFunc)
	st.errs = append(st.errs, errs...)
	var values []string
	for _, m := range set {
		if markers.K8sConversionFn.Is(m) && m.Err == nil {
			values = append(values, m.Value)
		}
	}
	return values
}

func isScope(t types.Type) bool {
	named, ok := t.(*types.Named)
	return ok && named.Obj().Pkg() != nil && named.Obj().Pkg().Path() == conversionPkg && named.Obj().Name() == "Scope"
}

// functionName is conversion-gen's Convert_<in>_To_<out>.
func functionName(in, out types.Type) string {
	return "Convert_" + publicName(in) + "_To_" + publicName(out)
}

// publicName is conversion-gen's "public" namer: the last package
// directory and the type name, joined by "_"; anonymous types by their shape.
func publicName(t types.Type) string {
	if obj := gengo.NamedObject(t); obj != nil && obj.Pkg() != nil {
		dirs := strings.Split(obj.Pkg().Path(), "/")
		last := strings.NewReplacer("-", "_", ".", "").Replace(dirs[len(dirs)-1])
		return last + "_" + obj.Name()
	}
	switch t := t.(type) {
	case *types.Basic:
		return t.Name()
	case *types.Map:
		return "Map_" + publicName(t.Key()) + "_To_" + publicName(t.Elem())
	case *types.Slice:
		return "Slice_" + publicName(t.Elem())
	case *types.Pointer:
		return "Pointer_" + publicName(t.Elem())
	case *types.Interface:
		return "Interface"
	}
	return "unnameable"
}

func run(pass *gen.Pass) error {
	st := sharedState(pass)
	if len(st.errs) > 0 {
		return nil // the run's errors (prepare)
	}
	g, err := newPackageGen(st, pass.Package)
	if err != nil {
		return err
	}
	g.write(pass.NewFile(outputFile))
	return errors.Join(g.errs...)
}

// packageGen is one package's conversion-gen run (its genConversion).
type packageGen struct {
	st           *state
	pkg          *model.Package
	typesPkg     *types.Package
	peers        []*types.Package
	manual       map[pair]*function // the hand-written conversions its code may call
	types        []*types.TypeName  // with a peer, in gengo's order
	explicitFrom map[*types.TypeName][]types.Type
	equal        *memoryEquality
	skipped      map[string][]string // by in type key
	field        *types.Var          // the field being converted, for errors
	errs         []error
}

func newPackageGen(st *state, pkg *model.Package) (*packageGen, error) {
	g := &packageGen{st: st, pkg: pkg, explicitFrom: map[*types.TypeName][]types.Type{}, skipped: map[string][]string{}}
	var errs []error
	explicitOnly, hasPeers := false, false
	for _, m := range markers.K8sConversionGen.Markers(pkg.Markers) {
		if m.Value == "false" {
			explicitOnly = true
			continue
		}
		hasPeers = true
	}
	if explicitOnly && hasPeers {
		m, _ := markers.K8sConversionGen.Marker(pkg.Markers)
		return nil, diag.Errorf(m.Pos, "+%s: cannot mix \"false\" with peer packages", markers.K8sConversionGen)
	}
	var peerMarkers []markers.Marker
	if !explicitOnly {
		peerMarkers = markers.K8sConversionGen.Markers(pkg.Markers)
	}
	for _, m := range peerMarkers {
		peer := st.packages[m.Value]
		if peer == nil {
			errs = append(errs, diag.Errorf(m.Pos, "+%s=%s: %s", markers.K8sConversionGen, m.Value, st.notLoaded(m.Value)))
			continue
		}
		g.peers = append(g.peers, peer)
	}
	for _, p := range basePeers {
		if peer := st.packages[p]; peer != nil {
			g.peers = append(g.peers, peer)
		}
	}
	if !explicitOnly {
		m, _ := markers.MetagenConversionExtraPeers.Marker(pkg.Markers)
		for _, p := range extraPeers(pkg) {
			peer := st.packages[p]
			if peer == nil {
				errs = append(errs, diag.Errorf(m.Pos, "+%s: %s: %s", markers.MetagenConversionExtraPeers, p, st.notLoaded(p)))
				continue
			}
			g.peers = append(g.peers, peer)
		}
	}
	g.typesPkg = pkg.Types
	if m, ok := markers.K8sConversionGenExternalTypes.Marker(pkg.Markers); ok && m.Value != pkg.Path {
		g.typesPkg = st.packages[m.Value]
		if g.typesPkg == nil {
			errs = append(errs, diag.Errorf(m.Pos, "+%s=%s: %s", markers.K8sConversionGenExternalTypes, m.Value, st.notLoaded(m.Value)))
		}
	}
	if len(errs) > 0 {
		return nil, errors.Join(errs...)
	}
	g.manual = st.visible[pkg.Path]
	g.equal = newMemoryEquality(g.manual)
	scope := g.typesPkg.Scope()
	for _, name := range scope.Names() {
		obj, ok := scope.Lookup(name).(*types.TypeName)
		if !ok || obj.IsAlias() {
			continue
		}
		if peer := g.peerOf(obj); peer != nil && g.convertibleOnlyWithinPackage(obj.Type(), peer) {
			g.types = append(g.types, obj)
		}
		if from, err := g.explicitFromTypes(obj); err != nil {
			errs = append(errs, err)
		} else if len(from) > 0 {
			g.explicitFrom[obj] = from
		}
	}
	return g, errors.Join(append(errs, g.errs...)...)
}

// notLoaded says why a package a marker names has no types: the load's
// error, or a run that did not load the packages the inputs name
// (load.Options.Peers); a relative path never gets here (the marker parser
// refuses it).
func (st *state) notLoaded(path string) string {
	if err := st.peerErrs[path]; err != nil {
		return fmt.Sprintf("cannot load the package: %v", err)
	}
	return "the package is not loaded, so its types are unknown (neither an input nor imported, and not loaded as a peer)"
}

// extraPeers are the package's +metagen:conversion-extra-peers.
func extraPeers(pkg *model.Package) []string {
	var out []string
	for _, peers := range markers.MetagenConversionExtraPeers.All(pkg.Markers) {
		out = append(out, peers...)
	}
	return out
}

// peerOf is conversion-gen's getPeerTypeFor: the first peer package that
// declares a type of the same name.
func (g *packageGen) peerOf(obj *types.TypeName) types.Type {
	for _, peer := range g.peers {
		if other, ok := peer.Scope().Lookup(obj.Name()).(*types.TypeName); ok {
			return other.Type()
		}
	}
	return nil
}

// convertibleOnlyWithinPackage is conversion-gen's rule for calling a
// Convert_ function generated in this package: one of the types is a struct
// of the external types package, not opted out, and the other is exported.
func (g *packageGen) convertibleOnlyWithinPackage(in, out types.Type) bool {
	t, other := out, in
	if gengo.PackagePath(in) == g.typesPkg.Path() {
		t, other = in, out
	}
	if gengo.PackagePath(t) != g.typesPkg.Path() {
		return false
	}
	obj := gengo.NamedObject(t)
	if values := model.TagValues(g.st.comments.CommentLines(obj.Pos()), markers.K8sConversionGen.Name); len(values) > 0 {
		if values[0].Text != "false" {
			g.errs = append(g.errs, diag.Errorf(values[0].Pos, "+%s on a type: only false is supported, got %q", markers.K8sConversionGen, values[0].Text))
		}
		return false
	}
	if k, _ := gengo.Shape(t); k != gengo.KindStruct {
		return false
	}
	otherObj := gengo.NamedObject(other)
	return otherObj != nil && otherObj.Exported()
}

// explicitFromTypes reads +k8s:conversion-gen:explicit-from; conversion-gen
// supports only net/url.Values.
func (g *packageGen) explicitFromTypes(obj *types.TypeName) ([]types.Type, error) {
	lines := append(g.st.comments.SecondClosestCommentLines(obj.Pos()), g.st.comments.CommentLines(obj.Pos())...)
	var out []types.Type
	for _, v := range model.TagValues(lines, markers.K8sConversionGenExplicitFrom.Name) {
		if v.Text != "net/url.Values" {
			return nil, diag.Errorf(v.Pos, "+%s=%s: conversion-gen supports only net/url.Values", markers.K8sConversionGenExplicitFrom, v.Text)
		}
		urlPkg := g.st.packages["net/url"]
		if urlPkg == nil {
			return nil, diag.Errorf(v.Pos, "+%s=%s: net/url is not imported by the run's packages", markers.K8sConversionGenExplicitFrom, v.Text)
		}
		out = append(out, urlPkg.Scope().Lookup("Values").Type())
	}
	return out, nil
}

// preexists is a hand-written conversion for the pair.
func (g *packageGen) preexists(in, out types.Type) *function { return g.manual[pairOf(in, out)] }

// preexistsPointers is a hand-written conversion of what two pointers point to.
func (g *packageGen) preexistsPointers(in, out types.Type) *function {
	inPtr, ok1 := in.(*types.Pointer)
	outPtr, ok2 := out.(*types.Pointer)
	if !ok1 || !ok2 {
		return nil
	}
	return g.preexists(inPtr.Elem(), outPtr.Elem())
}

// errorPos is where a problem with a type is reported: its declaration
// when it is an input of the run, else the package's marker.
func (g *packageGen) errorPos(t types.Type) token.Position {
	if obj := gengo.NamedObject(t); obj != nil && obj.Pkg() != nil && g.st.inputs[obj.Pkg().Path()] {
		return g.st.fset.Position(obj.Pos())
	}
	m, _ := markers.K8sConversionGen.Marker(g.pkg.Markers)
	return m.Pos
}
