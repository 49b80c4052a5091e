package deepcopy

import (
	"fmt"
	"go/token"
	"go/types"
	"sort"
	"strings"

	"github.com/metagen-dev/metagen/generators/diag"
	"github.com/metagen-dev/metagen/generators/gen"
	"github.com/metagen-dev/metagen/generators/markers"
	"github.com/metagen-dev/metagen/generators/model"
)

// packageMode is what a package's markers ask for.
type packageMode int

const (
	// typesOptIn: only types that opt in themselves.
	typesOptIn packageMode = iota
	// allTypes: every copyable type unless it opts out.
	allTypes
	// disabled: +k8s:deepcopy-gen=false turns the package off, as in deepcopy-gen.
	disabled
)

// packageModeOf reads the package markers; kubebuilder's wins, as in controller-gen.
func packageModeOf(pkg *model.Package) packageMode {
	if m, ok := markers.KBObjectGenerate.Marker(pkg.Markers); ok {
		if m.Bool() {
			return allTypes
		}
		return typesOptIn
	}
	if value, ok := markers.K8sDeepcopyGen.On(pkg.Markers); ok {
		switch value.Mode {
		case "package":
			return allTypes
		case "false":
			return disabled
		}
	}
	return typesOptIn
}

// typeWanted reports whether t asks for methods, and whether it asked by a
// type-level marker (then a type that cannot get them is an error).
func typeWanted(mode packageMode, t *model.Type) (wanted, explicit bool) {
	if mode == disabled {
		return false, false
	}
	if m, ok := markers.KBObjectGenerate.Marker(t.Markers); ok {
		return m.Bool(), m.Bool()
	}
	if m, ok := markers.K8sDeepcopyGen.Marker(t.Markers); ok {
		value, _ := markers.K8sDeepcopyGen.Value(m) // a refused value wants nothing
		wanted := value.Mode == "true"
		return wanted, wanted
	}
	if mode == allTypes {
		return true, false
	}
	if isRoot(t) || markers.K8sDeepcopyGenInterfaces.Has(t.Markers) {
		return true, true
	}
	return false, false
}

// askingPos is where t asks for deepcopy methods (typeWanted's explicit
// request): at the marker that asks, else the type.
func askingPos(t *model.Type) token.Position {
	for _, name := range []string{markers.KBObjectGenerate.Name, markers.K8sDeepcopyGen.Name, markers.KBObjectRoot.Name, markers.K8sDeepcopyGenInterfaces.Name} {
		if m, ok := t.Markers.Get(name); ok {
			return m.Pos
		}
	}
	return t.Pos
}

func isRoot(t *model.Type) bool {
	m, ok := markers.KBObjectRoot.Marker(t.Markers)
	return ok && m.Bool()
}

// notCopyable says why t cannot get deepcopy methods, or "" when it can.
// The kinds are deepcopy-gen's: structs, named maps and slices, and named
// basic types that declare a copy method by hand.
func notCopyable(t *model.Type, own declared) string {
	if t.IsAlias() {
		return "it is a type alias; its target type gets the methods"
	}
	if !token.IsExported(t.Name) {
		return "it is unexported"
	}
	switch u := t.Object.Type().Underlying().(type) {
	case *types.Struct, *types.Map, *types.Slice:
		return ""
	case *types.Basic:
		if own.any() {
			return ""
		}
		return "it is a named " + u.Name() + "; values of it are copied by assignment"
	default:
		return "deepcopy-gen only generates for struct, map and slice types, not " + kindName(u)
	}
}

// typePlan is what one type gets.
type typePlan struct {
	t     *model.Type
	named *types.Named
	own   declared // hand-written DeepCopyInto and DeepCopy
	// interfaces are the DeepCopy<Iface> methods to write, sorted by qualified name.
	interfaces []*types.TypeName
	nonPointer bool
}

// planPackage selects the package's types, sorted by name as deepcopy-gen sorts them.
func planPackage(idx *index, pkg *model.Package) ([]*typePlan, []error) {
	mode := packageModeOf(pkg)
	var plans []*typePlan
	var errs []error
	for _, t := range pkg.NamedTypes {
		wanted, explicit := typeWanted(mode, t)
		if !wanted {
			continue
		}
		named := t.Named()
		own, err := declaredMethods(named)
		if err != nil {
			errs = append(errs, diag.Errorf(errorPos(idx.universe.Fset, err, t.Pos), "type %s: %v", t.Name, err))
			continue
		}
		if reason := notCopyable(t, own); reason != "" {
			if explicit {
				errs = append(errs, diag.Errorf(askingPos(t), "type %s asks for deepcopy methods, but %s", t.Name, reason))
			}
			continue
		}
		plan := &typePlan{t: t, named: named, own: own}
		var interfaceErrs []error
		plan.interfaces, interfaceErrs = idx.interfacesOf(pkg, t)
		errs = append(errs, interfaceErrs...)
		plan.nonPointer = nonPointerInterfaces(t)
		plans = append(plans, plan)
	}
	sort.SliceStable(plans, func(i, j int) bool { return plans[i].t.Name < plans[j].t.Name })
	return plans, errs
}

func nonPointerInterfaces(t *model.Type) bool {
	m, ok := markers.K8sDeepcopyGenNonpointerInterfaces.Marker(t.Markers)
	return ok && m.Bool()
}

// runtimeObject is the interface +kubebuilder:object:root asks for.
const runtimeObject = "k8s.io/apimachinery/pkg/runtime.Object"

// interfacesOf resolves the type's interfaces markers (and root marker) to
// interface types, deduplicated and sorted by qualified name like deepcopy-gen.
func (idx *index) interfacesOf(pkg *model.Package, t *model.Type) ([]*types.TypeName, []error) {
	type request struct {
		name string
		pos  token.Position
	}
	var requests []request
	for _, m := range markers.K8sDeepcopyGenInterfaces.Markers(t.Markers) {
		names, _ := markers.K8sDeepcopyGenInterfaces.Value(m)
		for _, name := range names {
			requests = append(requests, request{name, m.Pos})
		}
	}
	if isRoot(t) {
		m, _ := markers.KBObjectRoot.Marker(t.Markers)
		requests = append(requests, request{runtimeObject, m.Pos})
	}
	if len(requests) == 0 {
		return nil, nil
	}
	if _, isStruct := t.Object.Type().Underlying().(*types.Struct); !isStruct {
		return nil, []error{diag.Errorf(requests[0].pos, "type %s: interface methods are only generated for struct types", t.Name)}
	}
	seen := map[string]*types.TypeName{}
	var errs []error
	for _, r := range requests {
		if seen[r.name] != nil {
			continue
		}
		iface, err := lookupInterface(pkg.Types, r.name)
		if err != nil {
			errs = append(errs, diag.Errorf(r.pos, "type %s: %v", t.Name, err))
			continue
		}
		seen[r.name] = iface
	}
	names := make([]string, 0, len(seen))
	for name := range seen {
		names = append(names, name)
	}
	sort.Strings(names)
	out := make([]*types.TypeName, 0, len(names))
	for _, name := range names {
		out = append(out, seen[name])
	}
	return out, errs
}

// lookupInterface finds "import/path.Name" among the packages the input
// package imports, directly or not: the generator loads nothing itself.
func lookupInterface(from *types.Package, qualified string) (*types.TypeName, error) {
	dot := strings.LastIndexByte(qualified, '.')
	if dot <= 0 {
		return nil, fmt.Errorf("%q is not a qualified interface name like %s", qualified, runtimeObject)
	}
	path, name := qualified[:dot], qualified[dot+1:]
	pkg := findImport(from, path, map[*types.Package]bool{})
	if pkg == nil {
		return nil, fmt.Errorf("package %s of interface %s is not imported by %s, directly or indirectly; import it", path, qualified, from.Path())
	}
	obj, _ := pkg.Scope().Lookup(name).(*types.TypeName)
	if obj == nil {
		return nil, fmt.Errorf("package %s has no type %s", path, name)
	}
	if !types.IsInterface(obj.Type()) {
		return nil, fmt.Errorf("%s is not an interface; +%s names interfaces", qualified, markers.K8sDeepcopyGenInterfaces)
	}
	return obj, nil
}

func findImport(pkg *types.Package, path string, seen map[*types.Package]bool) *types.Package {
	if pkg.Path() == path {
		return pkg
	}
	if seen[pkg] {
		return nil
	}
	seen[pkg] = true
	for _, imported := range pkg.Imports() {
		if found := findImport(imported, path, seen); found != nil {
			return found
		}
	}
	return nil
}

// index knows every named type of the input packages, and which of them get
// generated methods in this run. Our generated files are not loaded, so
// markers, not method sets, say which input types will have DeepCopyInto.
// index answers questions about the whole run: which input types exist and
// which get generated methods. The run-wide part is computed once per run and
// shared by every pass; the memo is per pass, as passes run in parallel.
type index struct {
	*runIndex
	// noReferences memoizes holdsNoReferences.
	noReferences map[types.Type]bool
}

type runIndex struct {
	universe *model.Universe
	// inputs are the input packages' named types by "path.Name".
	inputs map[string]*model.Type
	// generated are the input types that get generated methods.
	generated map[string]bool
}

// indexFor returns the pass's index around the run's (the generator's result).
func indexFor(pass *gen.Pass) *index {
	shared := gen.ResultOf[*Result](pass, pass.Generator).index
	return &index{runIndex: shared, noReferences: map[types.Type]bool{}}
}

// Result is the generator's run result: which input types get methods,
// read by the generators that require deepcopy's decisions (validation
// registers only runtime.Objects with a runtime.Scheme).
type Result struct{ index *runIndex }

func prepare(p *gen.Prep) (any, error) { return &Result{newRunIndex(p.Universe)}, nil }

// RuntimeObject reports whether t is a runtime.Object once deepcopy has
// run: it has GetObjectKind (metav1.TypeMeta) and DeepCopyObject, declared
// by hand or generated because the type asks for it
// (+kubebuilder:object:root=true, or runtime.Object among its
// +k8s:deepcopy-gen:interfaces) and gets methods.
func (r *Result) RuntimeObject(t *model.Type) bool {
	if t.IsAlias() || !declaresMethod(t, "GetObjectKind") {
		return false
	}
	if declaresMethod(t, "DeepCopyObject") {
		return true
	}
	_, isStruct := t.Object.Type().Underlying().(*types.Struct)
	return isStruct && r.index.generated[t.Package.Path+"."+t.Name] && asksForRuntimeObject(t)
}

func declaresMethod(t *model.Type, name string) bool {
	obj, _, _ := types.LookupFieldOrMethod(types.NewPointer(t.Object.Type()), false, t.Object.Pkg(), name)
	_, isFunc := obj.(*types.Func)
	return isFunc
}

// asksForRuntimeObject: the type's markers ask for DeepCopyObject.
func asksForRuntimeObject(t *model.Type) bool {
	if isRoot(t) {
		return true
	}
	for _, names := range markers.K8sDeepcopyGenInterfaces.All(t.Markers) {
		for _, name := range names {
			if name == runtimeObject {
				return true
			}
		}
	}
	return false
}

func newRunIndex(universe *model.Universe) *runIndex {
	idx := &runIndex{
		universe:  universe,
		inputs:    map[string]*model.Type{},
		generated: map[string]bool{},
	}
	for _, pkg := range universe.Packages {
		mode := packageModeOf(pkg)
		for _, t := range pkg.NamedTypes {
			if t.IsAlias() {
				continue
			}
			key := pkg.Path + "." + t.Name
			idx.inputs[key] = t
			wanted, _ := typeWanted(mode, t)
			if !wanted {
				continue
			}
			own, err := declaredMethods(t.Named())
			if err == nil && notCopyable(t, own) == "" {
				idx.generated[key] = true
			}
		}
	}
	return idx
}

func typeKey(obj *types.TypeName) string {
	if obj.Pkg() == nil {
		return obj.Name()
	}
	return obj.Pkg().Path() + "." + obj.Name()
}

// inputType returns the input package's declaration of n, or nil for a dependency.
func (idx *index) inputType(n *types.Named) *model.Type {
	return idx.inputs[typeKey(n.Origin().Obj())]
}

// willGenerate reports whether this run writes DeepCopyInto and DeepCopy for n's type.
func (idx *index) willGenerate(n *types.Named) bool {
	return idx.generated[typeKey(n.Origin().Obj())]
}
