package client

import (
	"go/types"
	"sort"
	"strings"

	"github.com/dave/jennifer/jen"

	"github.com/metagen-dev/metagen/generators/diag"
	"github.com/metagen-dev/metagen/generators/gen"
	"github.com/metagen-dev/metagen/generators/markers"
	"github.com/metagen-dev/metagen/generators/model"
)

// applyType is a type that gets an apply configuration: a struct type of one
// of the clientset's group versions that a type with apply verbs reaches,
// as applyconfiguration-gen chooses them.
type applyType struct {
	Obj *types.TypeName
	T   *model.Type
	GV  *groupVersion
	// Root is the +genclient type, which gets a constructor taking its name
	// (and namespace), Extract functions when it has apply verbs, and the
	// getters gentype's Apply needs; nil for the types it contains.
	Root *clientType
}

// Name is the apply configuration's type name, exported even for an
// unexported type (another package's apply configuration may refer to it),
// as applyconfiguration-gen names them.
func (at *applyType) Name() string { return acName(at.Obj) }

// Constructor is the name of the function that starts an apply configuration.
func (at *applyType) Constructor() string { return upperFirst(at.Obj.Name()) }

func acName(obj *types.TypeName) string { return upperFirst(obj.Name()) + "ApplyConfiguration" }

// hasApply reports whether ct's clients get Apply or ApplyStatus.
func hasApply(ct *clientType) bool { return ct.Verbs["apply"] || ct.Verbs["applyStatus"] }

// isApplyRoot reports whether ct is a root of the apply configurations,
// with Extract functions: when its tags name an apply verb, even under
// noVerbs, as applyconfiguration-gen reads them.
func isApplyRoot(ct *clientType) bool { return ct.Tagged["apply"] || ct.Tagged["applyStatus"] }

// The apply configurations client-go has for meta/v1, which
// applyconfiguration-gen always uses for these types.
const acMetaPkg = "k8s.io/client-go/applyconfigurations/meta/v1"

var externalApplyConfigurations = map[string]string{
	metav1Pkg + ".Condition":                acMetaPkg,
	metav1Pkg + ".DeleteOptions":            acMetaPkg,
	metav1Pkg + ".LabelSelector":            acMetaPkg,
	metav1Pkg + ".LabelSelectorRequirement": acMetaPkg,
	metav1Pkg + ".ManagedFieldsEntry":       acMetaPkg,
	metav1Pkg + ".ObjectMeta":               acMetaPkg,
	metav1Pkg + ".OwnerReference":           acMetaPkg,
	metav1Pkg + ".TypeMeta":                 acMetaPkg,
}

// planApplyConfigurations finds the clientset's apply configurations: the
// struct types of its group versions reachable from a type with apply verbs
// or from the input of an extra apply method. It returns errors by package.
func (cs *clientset) planApplyConfigurations() map[string][]error {
	cs.applyTypes = map[*types.TypeName]*applyType{}
	byPath := map[string]*groupVersion{}
	for _, gv := range cs.Groups {
		byPath[gv.Pkg.Path] = gv
	}
	seen := map[*types.TypeName]bool{}
	var visit func(types.Type)
	visit = func(t types.Type) {
		switch u := types.Unalias(t).(type) {
		case *types.Named:
			obj := u.Obj()
			if seen[obj] || u.TypeArgs().Len() > 0 || u.TypeParams().Len() > 0 {
				return
			}
			seen[obj] = true
			if gv := byPath[pkgPath(obj)]; gv != nil && requiresApplyConfiguration(u) {
				cs.applyTypes[obj] = &applyType{Obj: obj, T: gv.Pkg.Lookup(obj.Name()), GV: gv, Root: gv.client(obj)}
			}
			visit(u.Underlying())
		case *types.Pointer:
			visit(u.Elem())
		case *types.Slice:
			visit(u.Elem())
		case *types.Array:
			visit(u.Elem())
		case *types.Map:
			visit(u.Key())
			visit(u.Elem())
		case *types.Struct:
			for i := range u.NumFields() {
				visit(u.Field(i).Type())
			}
		}
	}
	for _, gv := range cs.Groups {
		for _, obj := range gv.SkippedRoots {
			visit(obj.Type())
		}
		for _, ct := range gv.Types {
			if isApplyRoot(ct) && !cs.noApply {
				visit(ct.T.Object.Type())
			}
			for _, ext := range ct.Extensions {
				if ext.Verb == "apply" {
					if obj := cs.inputObject(ct, ext); obj != nil {
						visit(obj.Type())
					}
				}
			}
		}
	}
	cs.skipRoots()
	for _, at := range cs.applyTypes {
		at.GV.ApplyTypes = append(at.GV.ApplyTypes, at)
	}
	cs.dropApplyWithoutConfiguration()
	for _, gv := range cs.Groups {
		sort.Slice(gv.ApplyTypes, func(i, j int) bool {
			a, b := gv.ApplyTypes[i].Obj.Name(), gv.ApplyTypes[j].Obj.Name()
			if strings.ToLower(a) != strings.ToLower(b) {
				return strings.ToLower(a) < strings.ToLower(b)
			}
			return a < b
		})
	}
	return cs.checkApplyInputs()
}

// dropApplyWithoutConfiguration leaves Apply and ApplyStatus out of the
// clients of types that get no apply configuration (those of an internal,
// unversioned package carry no json tags), as client-gen does without one:
// the method would have no type to take.
func (cs *clientset) dropApplyWithoutConfiguration() {
	for _, gv := range cs.Groups {
		for _, ct := range gv.Types {
			if cs.applyTypes[ct.T.Object] == nil && ct.Verbs != nil {
				ct.Verbs["apply"], ct.Verbs["applyStatus"] = false, false
			}
		}
	}
}

// checkApplyInputs refuses extra apply methods whose input has no apply
// configuration here or in client-go.
func (cs *clientset) checkApplyInputs() map[string][]error {
	errs := map[string][]error{}
	for _, gv := range cs.Groups {
		for _, ct := range gv.Types {
			for _, ext := range ct.Extensions {
				if ext.Verb == "apply" && cs.applyInput(ct, ext) == nil {
					errs[gv.Pkg.Path] = append(errs[gv.Pkg.Path], diag.Errorf(ext.Pos,
						"+%s=%s: %s.%s has no apply configuration: an apply method takes a struct type of this clientset's group versions, of k8s.io/api or of meta/v1",
						markers.GenclientMethod, ext.Name, inputPath(ct, ext), inputName(ct, ext)))
				}
			}
		}
	}
	return errs
}

func pkgPath(obj *types.TypeName) string {
	if obj.Pkg() == nil {
		return ""
	}
	return obj.Pkg().Path()
}

// client returns the +genclient type declared as obj, or nil.
func (gv *groupVersion) client(obj *types.TypeName) *clientType {
	for _, ct := range gv.Types {
		if ct.T.Object == obj {
			return ct
		}
	}
	return nil
}

// requiresApplyConfiguration is applyconfiguration-gen's test: a struct
// type with at least one field that JSON encodes.
func requiresApplyConfiguration(named *types.Named) bool {
	st, ok := named.Underlying().(*types.Struct)
	if !ok {
		return false
	}
	for _, f := range model.FieldsOf(st) {
		if _, ok := jsonTagOf(f); ok {
			return true
		}
	}
	return false
}

// jsonTag is a field's json tag, as applyconfiguration-gen reads it.
type jsonTag struct {
	name      string
	inline    bool
	omitempty bool
}

// jsonTagOf is the field's json tag as applyconfiguration-gen reads it; a
// field without one, or tagged "-", has no place in an apply configuration.
// (Only an embedded field without a JSON name is inline here: a ",inline"
// option alone does not make one.)
func jsonTagOf(f *model.Field) (jsonTag, bool) {
	if !f.JSONTagged || f.JSON == "-" {
		return jsonTag{}, false
	}
	out := jsonTag{name: f.JSONName, inline: f.Embedded && f.JSONName == "", omitempty: f.OmitEmpty}
	if out.name == "" {
		out.name = f.GoName
	}
	return out, true
}

// String is the tag of the apply configuration's field, as
// applyconfiguration-gen writes it: every field but an inlined one is left
// out when empty; an inlined one has no name (encoding/json inlines an
// embedded struct without one) and keeps its own omitempty.
func (j jsonTag) String() string {
	switch {
	case !j.inline:
		return j.name + ",omitempty"
	case j.omitempty:
		return ",omitempty"
	}
	return ""
}

// acPkgOf is the package of the apply configuration of a named struct
// type, or "" when it has none (it stays its Go type).
func (cs *clientset) acPkgOf(named *types.Named) string {
	if at := cs.applyTypes[named.Obj()]; at != nil {
		return cs.applyConfigPkg(at.GV).pkgPath
	}
	return externalApplyConfigurations[pkgPath(named.Obj())+"."+named.Obj().Name()]
}

// isApplyConfig reports whether t, through pointers, is a named struct type
// with an apply configuration.
func (cs *clientset) isApplyConfig(t types.Type) bool {
	named, ok := deref(t).(*types.Named)
	return ok && cs.acPkgOf(named) != ""
}

// deref is the type behind pointers and aliases.
func deref(t types.Type) types.Type {
	for {
		t = types.Unalias(t)
		ptr, ok := t.(*types.Pointer)
		if !ok {
			return t
		}
		t = ptr.Elem()
	}
}

// acType is the type a field of type t has in an apply configuration, as
// applyconfiguration-gen maps it: a struct type with an apply configuration
// becomes it, a slice or map of such types a slice or map of them, pointers
// are dropped, and everything else keeps its Go type.
func (cs *clientset) acType(t types.Type) *jen.Statement {
	switch u := types.Unalias(t).(type) {
	case *types.Named:
		if pkg := cs.acPkgOf(u); pkg != "" {
			return jen.Qual(pkg, acName(u.Obj()))
		}
	case *types.Pointer:
		return cs.acType(u.Elem())
	case *types.Slice:
		if cs.isNamedApplyConfig(u.Elem()) {
			return jen.Index().Add(cs.acType(u.Elem()))
		}
	case *types.Map:
		if cs.isNamedApplyConfig(u.Elem()) {
			return jen.Map(cs.acType(u.Key())).Add(cs.acType(u.Elem()))
		}
	}
	return applyTypes.Code(t)
}

// isNamedApplyConfig: an element that is itself (not through a pointer) a
// struct type with an apply configuration.
func (cs *clientset) isNamedApplyConfig(t types.Type) bool {
	named, ok := types.Unalias(t).(*types.Named)
	return ok && cs.acPkgOf(named) != ""
}

// isNillable: a slice or map field needs no pointer to be left out.
func isNillable(t types.Type) bool {
	switch types.Unalias(t).(type) {
	case *types.Slice, *types.Map:
		return true
	}
	return false
}

// applyTypes is how applyconfiguration-gen writes a Go type: aliases
// resolved (gengo resolves them), the empty interface as interface{}.
var applyTypes = gen.TypeStyle{Unalias: true, EmptyInterface: "interface{}"}

// inputObject is the type an extra apply method takes, when it is declared
// in one of the clientset's group versions.
func (cs *clientset) inputObject(ct *clientType, ext extension) *types.TypeName {
	for _, gv := range cs.Groups {
		if gv.Pkg.Path == inputPath(ct, ext) {
			if t := gv.Pkg.Lookup(inputName(ct, ext)); t != nil {
				return t.Object
			}
		}
	}
	return nil
}

func inputPath(ct *clientType, ext extension) string {
	if ext.Input == nil {
		return ct.T.Package.Path
	}
	return ext.Input.Path
}

func inputName(ct *clientType, ext extension) string {
	if ext.Input == nil {
		return ct.Kind
	}
	return ext.Input.Name
}

// applyInput is the apply configuration an extra apply method takes: ours
// for a type of the clientset, client-go's for a type of k8s.io/api or
// meta/v1, as client-go's own clients take them; nil if there is none.
func (cs *clientset) applyInput(ct *clientType, ext extension) *jen.Statement {
	path, name := inputPath(ct, ext), inputName(ct, ext)
	if obj := cs.inputObject(ct, ext); obj != nil {
		if at := cs.applyTypes[obj]; at != nil {
			return jen.Qual(cs.applyConfigPkg(at.GV).pkgPath, at.Name())
		}
		return nil
	}
	if pkg := externalApplyConfigurations[path+"."+name]; pkg != "" {
		return jen.Qual(pkg, name+"ApplyConfiguration")
	}
	if rest, ok := strings.CutPrefix(path, "k8s.io/api/"); ok {
		return jen.Qual("k8s.io/client-go/applyconfigurations/"+rest, name+"ApplyConfiguration")
	}
	return nil
}
