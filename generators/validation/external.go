package validation

import (
	"fmt"
	"go/token"
	"go/types"
	"strings"

	"github.com/dave/jennifer/jen"

	"github.com/metagen-dev/metagen/generators/markers"
	"github.com/metagen-dev/metagen/generators/model"
)

// Validation for types declared in other packages or modules
// (+metagen:validation-for).
//
// A declaration is a struct of a package that opts in, whose markers are the
// rules of a type the package does not own:
//
//	// +metagen:validation-for=k8s.io/api/certificates/v1.CertificateSigningRequest
//	// +k8s:supportsSubresource=/status
//	type csr struct {
//		Spec csrSpec // a declaration for CertificateSigningRequestSpec
//	}
//
// The analysis never sees the declaration itself. In its place it sees a
// target: a model.Type whose object is the external type and whose markers,
// fields (the declared ones, in declaration order, plus the external type's
// embedded metav1 TypeMeta, ObjectMeta and ListMeta) and positions come from
// the declaration, while each field's go/types variable, JSON name and
// options come from the external struct. Every other part of the generator
// then works unchanged: the plan of a target is keyed by the declaration's
// type name (so that two packages may declare the same external type), a
// value of the external type in this package calls its Validate_<Type>
// (typeFnOf), and the writer names the type through typeRef, qualified.

// declaration is one +metagen:validation-for struct.
type declaration struct {
	decl *model.Type
	// marker is the +metagen:validation-for marker, for positions.
	marker markers.Marker
	// external is the type declared for; nil when it does not resolve.
	external *types.TypeName
	// target is what the analysis sees in place of decl; nil when the
	// declaration has errors that make it unusable.
	target *model.Type
}

// externalSet holds the declarations of every package.
type externalSet struct {
	// byDecl finds a declaration by its own type name.
	byDecl map[*types.TypeName]*declaration
	// byPackage lists each package's declarations in source order.
	byPackage map[string][]*declaration
	// keys are the plan keys of targets: their declarations' type names.
	keys map[*model.Type]*types.TypeName
}

func (u *universePlan) externals() *externalSet {
	if u.external == nil {
		u.external = &externalSet{
			byDecl:    map[*types.TypeName]*declaration{},
			byPackage: map[string][]*declaration{},
			keys:      map[*model.Type]*types.TypeName{},
		}
	}
	return u.external
}

// planKey is the key of a type's plan: its own type name, or for a target
// its declaration's.
func (u *universePlan) planKey(t *model.Type) *types.TypeName {
	if key := u.externals().keys[t]; key != nil {
		return key
	}
	return t.Object
}

// readDeclarations reads the declarations of every package that opts in:
// first what each declares for (a declaration's fields may be typed with
// other declarations, of any package), then their targets.
func (u *universePlan) readDeclarations(analyzers []*analyzer) {
	set := u.externals()
	for _, a := range analyzers {
		if !a.on {
			continue
		}
		for _, t := range a.pkg.NamedTypes {
			m, ok := markers.MetagenValidationFor.Marker(t.Markers)
			if !ok {
				continue
			}
			d := &declaration{decl: t, marker: m}
			set.byDecl[t.Object] = d
			set.byPackage[a.pkg.Path] = append(set.byPackage[a.pkg.Path], d)
			d.external = a.resolveExternal(t, m)
		}
	}
	for _, a := range analyzers {
		if a.on {
			a.buildTargets()
		}
	}
}

// resolveExternal finds the struct type a declaration is for.
func (a *analyzer) resolveExternal(t *model.Type, m markers.Marker) *types.TypeName {
	if _, ok := t.Object.Type().Underlying().(*types.Struct); !ok || t.IsAlias() {
		a.errorf(m.Pos, "+%s applies to struct declarations: %s is not a struct", markers.MetagenValidationFor, t.Name)
		return nil
	}
	value := m.Value
	written, ok := markers.MetagenValidationFor.Value(m)
	if !ok {
		return nil // the marker parser has reported it
	}
	path, name := written.Path, written.Name
	if path == a.pkg.Path {
		a.errorf(m.Pos, "+%s=%s: %s is a type of this package; write its markers on it", markers.MetagenValidationFor, value, name)
		return nil
	}
	pkg := a.importedPackage(path)
	if pkg == nil {
		a.errorf(m.Pos, "+%s=%s: unknown import path %q: no file of package %s imports it (import it, e.g. in a custom validation function or with a blank import)", markers.MetagenValidationFor, value, path, a.pkg.Name)
		return nil
	}
	obj, _ := pkg.Scope().Lookup(name).(*types.TypeName)
	if obj == nil || !obj.Exported() {
		a.errorf(m.Pos, "+%s=%s: package %s has no exported type %s", markers.MetagenValidationFor, value, path, name)
		return nil
	}
	named, _ := types.Unalias(obj.Type()).(*types.Named)
	if named == nil {
		a.errorf(m.Pos, "+%s=%s: %s is not a named type", markers.MetagenValidationFor, value, name)
		return nil
	}
	if named.TypeParams().Len() > 0 {
		a.errorf(m.Pos, "+%s=%s: generic types are not supported", markers.MetagenValidationFor, value)
		return nil
	}
	if _, ok := named.Underlying().(*types.Struct); !ok {
		a.errorf(m.Pos, "+%s=%s: %s is not a struct type; write rules for its values on the declared fields that hold them", markers.MetagenValidationFor, value, typeName(named))
		return nil
	}
	return named.Obj()
}

// importedPackage finds path among the packages this one imports, directly
// or through other imports: a declaration is type-checked against the types
// of the load, which holds only the packages the inputs import.
func (a *analyzer) importedPackage(path string) *types.Package {
	seen := map[*types.Package]bool{}
	queue := []*types.Package{a.pkg.Types}
	for len(queue) > 0 {
		pkg := queue[0]
		queue = queue[1:]
		for _, imp := range pkg.Imports() {
			if imp.Path() == path {
				return imp
			}
			if !seen[imp] {
				seen[imp] = true
				queue = append(queue, imp)
			}
		}
	}
	return nil
}

// buildTargets checks the package's declarations and builds their targets.
func (a *analyzer) buildTargets() {
	set := a.u.externals()
	first := map[*types.TypeName]*declaration{}
	names := map[string]*declaration{}
	for _, d := range set.byPackage[a.pkg.Path] {
		if d.external == nil {
			continue
		}
		if prev := first[d.external]; prev != nil {
			a.errorf(d.marker.Pos, "+%s=%s: %s already declares validation for %s (at %s)", markers.MetagenValidationFor, d.marker.Value, prev.decl.Name, typeName(d.external.Type()), shortPos(prev.decl.Pos))
			continue
		}
		first[d.external] = d
		name := d.external.Name()
		if prev := names[name]; prev != nil {
			a.errorf(d.marker.Pos, "+%s=%s: Validate_%s would be declared twice, for %s and %s", markers.MetagenValidationFor, d.marker.Value, name, typeName(prev.external.Type()), typeName(d.external.Type()))
			continue
		}
		names[name] = d
		if local, ok := a.pkg.Types.Scope().Lookup(name).(*types.TypeName); ok && set.byDecl[local] == nil {
			a.errorf(d.marker.Pos, "+%s=%s: Validate_%s would be declared twice, for %s and for the package's own type %s", markers.MetagenValidationFor, d.marker.Value, name, typeName(d.external.Type()), name)
			continue
		}
		d.target = a.target(d)
	}
}

// target builds what the analysis sees in place of a declaration, or nil
// when a declared field does not match the external type.
func (a *analyzer) target(d *declaration) *model.Type {
	s := d.external.Type().Underlying().(*types.Struct)
	fields := model.FieldsOf(s)
	t := &model.Type{
		Name:    d.external.Name(),
		Package: a.pkg,
		Object:  d.external,
		Pos:     d.decl.Pos,
		Doc:     d.decl.Doc,
		Markers: withoutMarker(d.decl.Markers, markers.MetagenValidationFor.Name),
	}
	declared := map[string]bool{}
	ok := true
	for _, f := range d.decl.Fields {
		i := fieldIndex(s, f.GoName)
		if i < 0 {
			a.errorf(f.Pos, "field %s: %s has no field %s%s", f.GoName, typeName(d.external.Type()), f.GoName, suggestField(s, f.GoName))
			ok = false
			continue
		}
		v := s.Field(i)
		if v.Embedded() != f.Embedded || !a.u.sameDeclaredType(f.Type(), v.Type()) {
			a.errorf(f.Pos, "field %s: %s.%s is %s, not %s", f.GoName, d.external.Name(), f.GoName, describeField(v), typeName(f.Type()))
			ok = false
			continue
		}
		if declared[f.GoName] {
			continue // the type checker has reported the duplicate field
		}
		declared[f.GoName] = true
		field := externalField(fields[i], f)
		if !markers.K8sOpaqueType.Has(f.Markers) {
			if undeclared := a.undeclaredStruct(v.Type(), map[types.Type]bool{}); undeclared != nil {
				a.errorf(f.Pos, "field %s: %s is a struct of another package with no validation here: declare it too (+%s=%s), or mark the field +k8s:opaqueType to leave it unvalidated",
					f.GoName, typeName(undeclared), markers.MetagenValidationFor, externalName(undeclared.Obj()))
				ok = false
			}
		}
		t.Fields = append(t.Fields, field)
	}
	// TypeMeta, ObjectMeta and ListMeta decide what a root type is and
	// whether it gets the metadata rules; they carry no field rules.
	var meta []*model.Field
	for i := range s.NumFields() {
		v := s.Field(i)
		if v.Embedded() && !declared[v.Name()] && (isMetav1(v.Type(), "TypeMeta") || isMetav1(v.Type(), "ObjectMeta") || isMetav1(v.Type(), "ListMeta")) {
			meta = append(meta, externalField(fields[i], &model.Field{Pos: d.decl.Pos}))
		}
	}
	t.Fields = append(meta, t.Fields...)
	if !ok {
		return nil
	}
	a.u.externals().keys[t] = d.decl.Object
	return t
}

// sameDeclaredType reports whether a declared field's type stands for the
// external field's: the same type, with declarations standing for the types
// they declare, through pointers, lists, arrays and maps.
func (u *universePlan) sameDeclaredType(declared, external types.Type) bool {
	switch d := types.Unalias(declared).(type) {
	case *types.Named:
		if decl := u.externals().byDecl[d.Obj()]; decl != nil {
			// A declaration that does not resolve has its own error.
			return decl.external == nil || types.Identical(decl.external.Type(), external)
		}
	case *types.Pointer:
		e, ok := external.(*types.Pointer)
		return ok && u.sameDeclaredType(d.Elem(), e.Elem())
	case *types.Slice:
		e, ok := external.(*types.Slice)
		return ok && u.sameDeclaredType(d.Elem(), e.Elem())
	case *types.Array:
		e, ok := external.(*types.Array)
		return ok && d.Len() == e.Len() && u.sameDeclaredType(d.Elem(), e.Elem())
	case *types.Map:
		e, ok := external.(*types.Map)
		return ok && types.Identical(d.Key(), e.Key()) && u.sameDeclaredType(d.Elem(), e.Elem())
	}
	return types.Identical(declared, external)
}

// undeclaredStruct finds a struct type reachable from t (through pointers,
// lists, arrays, maps and named list or map types) that this package cannot
// validate: one of another module's packages with no declaration here. The
// types of apimachinery (metav1.Time, resource.Quantity, …) and of the
// standard library hold no API rules and are not asked for.
func (a *analyzer) undeclaredStruct(t types.Type, seen map[types.Type]bool) *types.Named {
	if seen[t] {
		return nil
	}
	seen[t] = true
	switch u := types.Unalias(t).(type) {
	case *types.Pointer:
		return a.undeclaredStruct(u.Elem(), seen)
	case *types.Slice:
		return a.undeclaredStruct(u.Elem(), seen)
	case *types.Array:
		return a.undeclaredStruct(u.Elem(), seen)
	case *types.Map:
		if n := a.undeclaredStruct(u.Key(), seen); n != nil {
			return n
		}
		return a.undeclaredStruct(u.Elem(), seen)
	case *types.Named:
		if _, isStruct := u.Underlying().(*types.Struct); !isStruct {
			return a.undeclaredStruct(u.Underlying(), seen)
		}
		pkg := u.Obj().Pkg()
		if pkg == nil || a.u.byPath[pkg.Path()] != nil || a.u.declarationFor(a.pkg.Path, u.Obj()) != nil {
			return nil
		}
		if first, _, _ := strings.Cut(pkg.Path(), "/"); !strings.Contains(first, ".") || strings.HasPrefix(pkg.Path(), "k8s.io/apimachinery/") {
			return nil
		}
		return u
	}
	return nil
}

// declarationFor returns the declaration package pkgPath has for an
// external type, or nil.
func (u *universePlan) declarationFor(pkgPath string, obj *types.TypeName) *declaration {
	for _, d := range u.externals().byPackage[pkgPath] {
		if d.external == obj {
			return d
		}
	}
	return nil
}

// externalTypeFn is the validation a value of an external type calls in
// this package: its declaration's Validate_<Type>, or nil.
func (a *analyzer) externalTypeFn(obj *types.TypeName) *typeTarget {
	d := a.u.declarationFor(a.pkg.Path, obj)
	if d == nil || d.target == nil {
		return nil
	}
	return &typeTarget{plan: a.typePlan(d.target), name: "Validate_" + obj.Name()}
}

// typesToAnalyze is the package's named types with each declaration
// replaced by its target (and left out when it has none).
func (a *analyzer) typesToAnalyze() []*model.Type {
	set := a.u.externals()
	out := make([]*model.Type, 0, len(a.pkg.NamedTypes))
	for _, t := range a.pkg.NamedTypes {
		if d := set.byDecl[t.Object]; d != nil {
			if d.target != nil {
				out = append(out, d.target)
			}
			continue
		}
		out = append(out, t)
	}
	return out
}

// externalField is a field of the external struct as the analysis sees it:
// the external variable, tag and JSON options, with the position, doc and
// markers of the declared field.
func externalField(f *model.Field, declared *model.Field) *model.Field {
	f.Pos, f.Doc, f.Markers = declared.Pos, declared.Doc, declared.Markers
	return f
}

func fieldIndex(s *types.Struct, goName string) int {
	for i := range s.NumFields() {
		if s.Field(i).Name() == goName {
			return i
		}
	}
	return -1
}

// suggestField names the field goName probably means, differing in case.
func suggestField(s *types.Struct, goName string) string {
	for i := range s.NumFields() {
		if strings.EqualFold(s.Field(i).Name(), goName) {
			return fmt.Sprintf(" (did you mean %s?)", s.Field(i).Name())
		}
	}
	return ""
}

func describeField(v *types.Var) string {
	if v.Embedded() {
		return "embedded " + typeName(v.Type())
	}
	return typeName(v.Type())
}

func withoutMarker(set markers.Set, name string) markers.Set {
	var out markers.Set
	for _, m := range set {
		if m.Name != name {
			out = append(out, m)
		}
	}
	return out
}

func externalName(obj *types.TypeName) string { return obj.Pkg().Path() + "." + obj.Name() }

// shortPos is a position as file:line, without the directory.
func shortPos(pos token.Position) string {
	file := pos.Filename
	if i := strings.LastIndexAny(file, `/\`); i >= 0 {
		file = file[i+1:]
	}
	return fmt.Sprintf("%s:%d", file, pos.Line)
}

// typeRef names the type of a plan in generated code: the package's own
// types unqualified, external ones with their package.
func typeRef(t *model.Type) *jen.Statement {
	return jen.Qual(t.Object.Pkg().Path(), t.Name)
}
