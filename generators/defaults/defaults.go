// Package defaults generates zz_generated.defaults.go as defaulter-gen
// v0.37.2 writes it: SetObjectDefaults_<Type> for every type a package
// selects with +k8s:defaulter-gen=<field name> (TypeMeta, usually) or
// +k8s:defaulter-gen=true on the type, walking nested structs, pointers,
// slices and maps down to every hand-written SetDefaults_<Type> and
// SetDefaults_<Type>_<Suffix>, and to every +default= field; and
// RegisterDefaults, which adds them to a scheme.
//
// Hand-written defaulters are found in every input package of the run
// (defaulter-gen sees those of the packages given before and of its
// -extra-peer-dirs); +k8s:defaulter-gen-input names the package whose types
// get defaulters, when they live elsewhere (k8s.io/api).
package defaults

import (
	"errors"
	"github.com/metagen-dev/metagen/generators/markers"
	"go/token"
	"go/types"
	"maps"
	"reflect"
	"sort"
	"strings"

	"github.com/metagen-dev/metagen/generators/diag"
	"github.com/metagen-dev/metagen/generators/gen"
	"github.com/metagen-dev/metagen/generators/gengo"
	"github.com/metagen-dev/metagen/generators/model"
)

const (
	outputFile = "zz_generated.defaults.go"
)

// Generator writes zz_generated.defaults.go.
var Generator = &gen.Generator{
	Name:       "defaults",
	Doc:        "zz_generated.defaults.go (SetObjectDefaults_<Type>, RegisterDefaults) for packages with +k8s:defaulter-gen, as defaulter-gen writes it.",
	Markers:    []markers.Definer{markers.K8sDefaulterGen, markers.K8sDefaulterGenInput, markers.Default},
	OutputFile: outputFile,
	Enabled:    Enabled,
	LoadsPeers: true, // the +k8s:defaulter-gen-input packages, which defaulter-gen loads itself
	Prepare:    prepare,
	ResultType: reflect.TypeOf(&state{}),
	Run:        run,
}

// Enabled is defaulter-gen's activation: a package value other than "false".
func Enabled(pkg *model.Package) bool {
	for _, m := range markers.K8sDefaulterGen.Markers(pkg.Markers) {
		if m.Value != "false" {
			return true
		}
	}
	return false
}

// state is what every package's pass shares: the hand-written defaulters of
// all input packages and the run's comment index (model.Comments).
type state struct {
	fset     *token.FileSet
	comments *model.Comments
	existing funcMap
	// named are the packages +k8s:defaulter-gen-input may name that
	// defaulter-gen would find: the inputs, and the packages the inputs
	// name, loaded whether they import them or not (the load's peers);
	// peerErrs say why one of those could not be loaded.
	named    map[string]*types.Package
	peerErrs map[string]error
	errs     []error
}

// prepare reads the hand-written functions of every input package once per
// run; a problem among them is the run's, reported once.
func prepare(p *gen.Prep) (any, error) {
	st := newState(p.Universe)
	return st, errors.Join(st.errs...)
}

func sharedState(pass *gen.Pass) *state { return gen.ResultOf[*state](pass, pass.Generator) }

func newState(universe *model.Universe) *state {
	st := &state{fset: universe.Fset, comments: universe.Comments, existing: funcMap{}, named: maps.Clone(universe.Peers), peerErrs: universe.PeerErrors}
	if st.named == nil {
		st.named = map[string]*types.Package{}
	}
	for _, pkg := range universe.Packages {
		if pkg.Types != nil {
			st.addManualDefaulters(pkg.Types)
			st.named[pkg.Path] = pkg.Types
		}
	}
	return st
}

// addManualDefaulters is defaulter-gen's getManualDefaultingFunctions: a
// func F(*T) with no results is T's base defaulter when F is
// SetDefaults_<T>, an additional one when F is SetDefaults_<T>_<suffix>, and
// its object defaulter when F is SetObjectDefaults_<T>.
func (st *state) addManualDefaulters(pkg *types.Package) {
	scope := pkg.Scope()
	for _, name := range scope.Names() {
		fn, ok := scope.Lookup(name).(*types.Func)
		if !ok {
			continue
		}
		sig := fn.Type().(*types.Signature)
		if sig.Recv() != nil || sig.Params().Len() != 1 || sig.Results().Len() != 0 {
			continue
		}
		ptr, ok := sig.Params().At(0).Type().(*types.Pointer)
		if !ok {
			continue
		}
		obj := gengo.NamedObject(ptr.Elem())
		if obj == nil {
			continue
		}
		f := &function{pkgPath: pkg.Path(), name: name, pos: st.fset.Position(fn.Pos())}
		d := st.existing[gengo.Key(ptr.Elem())]
		if d == nil {
			d = &defaulters{}
			st.existing[gengo.Key(ptr.Elem())] = d
		}
		switch {
		case name == "SetDefaults_"+obj.Name():
			if d.base != nil {
				st.errs = append(st.errs, diag.Errorf(f.pos, "%s.%s: a second defaulter for %s; %s.%s is the first", f.pkgPath, name, gengo.Key(ptr.Elem()), d.base.pkgPath, d.base.name))
				continue
			}
			d.base = f
			d.baseCovers = st.hasTag(st.comments.CommentLines(fn.Pos()), "covers")
		case strings.HasPrefix(name, "SetDefaults_"+obj.Name()+"_"):
			d.additional = append(d.additional, f) // scope names are sorted
		case name == "SetObjectDefaults_"+obj.Name():
			d.object = f
		}
	}
}

// hasTag reports whether the lines hold exactly one +k8s:defaulter-gen
// tag, with the value (defaulter-gen's checkTag).
func (st *state) hasTag(lines []model.CommentLine, value string) bool {
	values := model.TagValues(lines, markers.K8sDefaulterGen.Name)
	return len(values) == 1 && values[0].Text == value
}

func run(pass *gen.Pass) error {
	st := sharedState(pass)
	pkg := pass.Package
	filters, err := typeFilters(pkg)
	if err != nil {
		return err
	}
	typesPkg, err := st.typesPackage(pkg)
	if err != nil {
		return err
	}
	var errs []error
	planned := planDefaulters(st, pkg, typesPkg, filters, &errs)
	if len(errs) > 0 || len(st.errs) > 0 { // st.errs are the run's, reported once (prepare)
		return errors.Join(errs...)
	}
	writeFile(pass, st, planned, &errs)
	return errors.Join(errs...)
}

// typeFilters are the package's +k8s:defaulter-gen values: the names of
// fields whose presence selects a struct ("TypeMeta").
func typeFilters(pkg *model.Package) ([]string, error) {
	var values []string
	for _, m := range markers.K8sDefaulterGen.Markers(pkg.Markers) {
		if m.Value == "false" {
			return nil, diag.Errorf(m.Pos, "+%s: cannot mix \"false\" with other values", markers.K8sDefaulterGen)
		}
		values = append(values, m.Value)
	}
	return values, nil
}

// typesPackage is the package whose types get defaulters: the package
// itself, or the one +k8s:defaulter-gen-input names: an input, or a package
// defaulter-gen loads itself whether the package imports it or not (the
// load's peers).
func (st *state) typesPackage(pkg *model.Package) (*types.Package, error) {
	m, ok := markers.K8sDefaulterGenInput.Marker(pkg.Markers)
	if !ok || m.Value == pkg.Path {
		return pkg.Types, nil
	}
	if found := st.named[m.Value]; found != nil {
		return found, nil
	}
	if found := findImport(pkg.Types, m.Value, map[string]bool{}); found != nil {
		return found, nil
	}
	if err := st.peerErrs[m.Value]; err != nil {
		return nil, diag.Errorf(m.Pos, "+%s=%s: cannot load the package: %v", markers.K8sDefaulterGenInput, m.Value, err)
	}
	return nil, diag.Errorf(m.Pos, "+%s=%s: the package is not loaded, so its types are unknown (not imported, and not loaded as a peer)", markers.K8sDefaulterGenInput, m.Value)
}

// findImport looks through the imports breadth first, so that a direct
// import (complete) wins over a copy seen through export data.
func findImport(pkg *types.Package, path string, seen map[string]bool) *types.Package {
	queue := []*types.Package{pkg}
	for len(queue) > 0 {
		next := queue[0]
		queue = queue[1:]
		for _, imp := range next.Imports() {
			if imp.Path() == path {
				return imp
			}
			if !seen[imp.Path()] {
				seen[imp.Path()] = true
				queue = append(queue, imp)
			}
		}
	}
	return nil
}

// planned is one package's generated object defaulters, by type key, with
// the types in gengo's order.
type planned struct {
	defaulters funcMap
	types      []*types.TypeName
}

// planDefaulters selects the types and keeps those whose walk reaches a
// defaulter, promoting until nothing changes, as defaulter-gen does.
func planDefaulters(st *state, pkg *model.Package, typesPkg *types.Package, filters []string, errs *[]error) planned {
	candidates := funcMap{}
	var order []*types.TypeName
	scope := typesPkg.Scope()
	for _, name := range scope.Names() { // sorted, as gengo orders one package's types
		obj, ok := scope.Lookup(name).(*types.TypeName)
		if !ok || obj.IsAlias() || !obj.Exported() || !st.selects(obj, filters) {
			continue
		}
		candidates[gengo.Key(obj.Type())] = &defaulters{}
		order = append(order, obj)
	}
	for {
		promoted := 0
		for _, obj := range order {
			d := candidates[gengo.Key(obj.Type())]
			if d == nil || d.object != nil {
				continue
			}
			b := &treeBuilder{st: st, existing: st.existing, planned: candidates, building: map[string]bool{}, errs: errs}
			if b.build(obj.Type(), true) != nil {
				d.object = &function{pkgPath: pkg.Path, name: "SetObjectDefaults_" + obj.Name()}
				promoted++
			}
		}
		if promoted == 0 {
			break
		}
	}
	out := planned{defaulters: funcMap{}}
	for _, obj := range order {
		if d := candidates[gengo.Key(obj.Type())]; d.object != nil {
			out.defaulters[gengo.Key(obj.Type())] = d
			out.types = append(out.types, obj)
		}
	}
	sort.Slice(out.types, func(i, j int) bool { return out.types[i].Name() < out.types[j].Name() })
	return out
}

// selects is defaulter-gen's shouldCreateObjectDefaulterFn.
func (st *state) selects(obj *types.TypeName, filters []string) bool {
	if st.existing.of(obj.Type()).object != nil {
		return false
	}
	second := st.comments.SecondClosestCommentLines(obj.Pos())
	if st.hasTag(second, "false") {
		return false
	}
	if st.hasTag(second, "true") {
		return true
	}
	if k, _ := gengo.Shape(obj.Type()); k != gengo.KindStruct || len(filters) == 0 {
		return false
	}
	s := obj.Type().Underlying().(*types.Struct)
	for i := range s.NumFields() {
		for _, filter := range filters {
			if s.Field(i).Name() == filter {
				return true
			}
		}
	}
	return false
}
