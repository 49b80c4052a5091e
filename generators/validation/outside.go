package validation

import (
	"go/token"
	"go/types"

	"github.com/metagen-dev/metagen/generators/diag"
	"github.com/metagen-dev/metagen/generators/markers"
)

// Values of types from packages this run does not generate validation for.
//
// validation-gen v0.37.2 validates a value of a named type by calling the
// Validate_<Type> of the package the type's validation is generated into:
// an input package, a --readonly-pkg (whose tags it reads without
// generating; it calls the function blindly), or, for metav1, the package
// whose +k8s:validation-gen-input names it
// (k8s.io/apimachinery/pkg/apis/meta/v1/validation, which Kubernetes gives
// as an input). A value of any other package's named type, reachable from
// a root type, stops it: "type X is in a non-included package; either add
// this package to validation-gen's --readonly-pkg flag, or add
// +k8s:opaqueType to the field to skip validation" (+k8s:eachVal= or
// +k8s:eachKey=+k8s:opaqueType for list items, map values and keys).
//
// metagen does the same with what it can see, and never leaves such a value
// unvalidated without saying so. A named type of a package outside the run
// (or in it without +k8s:validation-gen) is validated by:
//
//   - the package's own Validate_<Type>, when it declares one with the
//     signature of a validation function (metagen writes them next to the
//     types; the loader reads dependencies' export data, so the function is
//     known to exist, where validation-gen calls it blindly);
//   - for metav1, the function k8s.io/apimachinery/pkg/apis/meta/v1/validation
//     declares (ObjectMeta, OwnerReference, ManagedFieldsEntry and two
//     enums): what validation-gen calls in Kubernetes. ObjectMeta of a root
//     type gets kube-apiserver's rules instead, and Condition schema/meta's
//     (see the package doc); the other metav1 types have no declarative
//     rules;
//   - nothing, for the packages Kubernetes passes to validation-gen as
//     --readonly-pkg (resource, runtime, types, intstr, time): their types
//     have no declarative rules.
//
// Any other such value reachable from a root type is an error at the
// field or type, with validation-gen's remedies (+k8s:opaqueType, or adding
// the package to the run) and metagen's own (+metagen:validation-for).

// metav1ValidationPath holds the generated validation of metav1 types.
const metav1ValidationPath = "k8s.io/apimachinery/pkg/apis/meta/v1/validation"

// metav1Validated are the metav1 types metav1ValidationPath declares a
// Validate_<Type> for in k8s.io/apimachinery v0.37.2, which generated code
// requires; TestMetav1Validated checks the list against the module.
// Condition is left to schema/meta.
var metav1Validated = map[string]bool{
	"ConditionStatus":            true,
	"ManagedFieldsEntry":         true,
	"ManagedFieldsOperationType": true,
	"ObjectMeta":                 true,
	"OwnerReference":             true,
}

// readOnlyPackages are validation-gen's --readonly-pkg flags in Kubernetes
// (hack/update-codegen.sh): packages whose types carry no declarative
// validation.
var readOnlyPackages = map[string]bool{
	"k8s.io/apimachinery/pkg/api/resource": true,
	"k8s.io/apimachinery/pkg/runtime":      true,
	"k8s.io/apimachinery/pkg/types":        true,
	"k8s.io/apimachinery/pkg/util/intstr":  true,
	"time":                                 true,
}

// outsideRef is a value of a type whose validation metagen cannot find,
// reported if a root type reaches it.
type outsideRef struct {
	typ   *types.Named
	pos   token.Position
	pkg   string // the package the value is written in
	where string // "field", "list item", "map value" or "map key"
	// steps are the +k8s:eachVal/eachKey steps from the field to the
	// value, outermost first, for the marker that leaves it unvalidated.
	steps []string
	// inRun is set when the type's package is in the run without
	// +k8s:validation-gen.
	inRun bool
}

// outsideTypeFn finds the validation of a named type of a package outside
// the run: known reports whether the type's validation is known (nil
// target: it has none).
func outsideTypeFn(named *types.Named) (target *typeTarget, known bool) {
	obj := named.Obj()
	path := obj.Pkg().Path()
	switch {
	case path == metav1Path:
		if metav1Validated[obj.Name()] {
			return &typeTarget{pkgPath: metav1ValidationPath, name: "Validate_" + obj.Name()}, true
		}
		return nil, true
	case readOnlyPackages[path]:
		return nil, true
	}
	if _, isInterface := named.Underlying().(*types.Interface); isInterface {
		return nil, true // validation-gen validates nothing behind an interface
	}
	if fn, ok := obj.Pkg().Scope().Lookup("Validate_" + obj.Name()).(*types.Func); ok && isValidateFunc(fn, named) {
		return &typeTarget{pkgPath: path, name: fn.Name()}, true
	}
	return nil, false
}

// isValidateFunc reports whether fn has the signature of a validation
// function of t: (context.Context, operation.Operation, *field.Path, obj,
// oldObj *T) field.ErrorList, or T itself for lists and maps.
func isValidateFunc(fn *types.Func, t *types.Named) bool {
	sig := fn.Signature()
	if sig.Params().Len() != 5 || sig.Results().Len() != 1 || sig.TypeParams().Len() > 0 {
		return false
	}
	want := types.Type(types.NewPointer(t))
	if isNilable(t) {
		want = t
	}
	named := func(typ types.Type, path, name string) bool {
		n, ok := typ.(*types.Named)
		return ok && n.Obj().Pkg() != nil && n.Obj().Pkg().Path() == path && n.Obj().Name() == name
	}
	params := sig.Params()
	fldPath, isPtr := params.At(2).Type().(*types.Pointer)
	return named(params.At(0).Type(), contextPkg, "Context") && named(params.At(1).Type(), operationPkg, "Operation") &&
		isPtr && named(fldPath.Elem(), fieldPkg, "Path") &&
		types.Identical(params.At(3).Type(), want) && types.Identical(params.At(4).Type(), want) &&
		named(sig.Results().At(0).Type(), fieldPkg, "ErrorList")
}

// called names what the value is, for messages.
func (r *outsideRef) called(where string) {
	if r != nil {
		r.where = where
	}
}

// nestOutside records that v is the items (eachVal) or keys (eachKey) of an
// enclosing list or map, in every outside value v holds, so that the
// remedy of a list nested in a map names both steps.
func nestOutside(v *valuePlan, step string) {
	if v == nil {
		return
	}
	if v.outside != nil {
		v.outside.steps = append([]string{step}, v.outside.steps...)
	}
	nestOutside(v.elem, step)
	nestOutside(v.key, step)
}

// noteOutside records a value whose type's validation is unknown.
func (a *analyzer) noteOutside(v *valuePlan, typ types.Type, pos token.Position) {
	named, ok := deref(typ).(*types.Named)
	if !ok || named.Obj().Pkg() == nil || named.TypeArgs().Len() > 0 {
		return
	}
	pkg := a.u.byPath[named.Obj().Pkg().Path()]
	if pkg != nil {
		if _, on := activation(pkg); on {
			return // the run's own types
		}
	}
	if _, known := outsideTypeFn(named); !known {
		v.outside = &outsideRef{typ: named, pos: pos, pkg: a.pkg.Path, where: "field", inRun: pkg != nil}
	}
}

// reportOutside reports the values of unknown outside types that a root
// type reaches, as validation-gen discovers them: through fields, list
// items, map keys and values, and the types of those. The fields of a
// +metagen:validation-for target are the declaration's to check
// (undeclaredStruct).
func (u *universePlan) reportOutside() {
	seen := map[*typePlan]bool{}
	reported := map[*outsideRef]bool{}
	var visitValue func(v *valuePlan, report bool)
	var visitType func(tp *typePlan)
	visitValue = func(v *valuePlan, report bool) {
		if v == nil {
			return
		}
		if r := v.outside; r != nil && report && !reported[r] {
			reported[r] = true
			u.errs[r.pkg] = append(u.errs[r.pkg], outsideError(r))
		}
		if v.typeFn != nil && v.typeFn.plan != nil {
			visitType(v.typeFn.plan)
		}
		visitValue(v.elem, report)
		visitValue(v.key, report)
	}
	visitType = func(tp *typePlan) {
		if seen[tp] {
			return
		}
		seen[tp] = true
		report := u.planKey(tp.t) == tp.t.Object
		visitValue(tp.self, report)
		for _, fp := range tp.fields {
			visitValue(fp.value, report)
		}
	}
	for _, tp := range u.plans {
		if tp.root {
			visitType(tp)
		}
	}
}

func outsideError(r *outsideRef) error {
	opaque := markers.K8sOpaqueType.Tag()
	for i := len(r.steps) - 1; i >= 0; i-- {
		opaque = "+k8s:" + r.steps[i] + "=" + opaque
	}
	t := r.typ.Obj()
	why, remedy := "is not in this run", "add the package to the run"
	if r.inRun {
		why, remedy = "does not opt in with +k8s:validation-gen", "opt the package in"
	}
	if isStruct(r.typ) {
		remedy += ", declare its rules with " + markers.MetagenValidationFor.Tag()
	}
	return diag.Errorf(r.pos, "%s of type %s.%s: package %s %s and declares no Validate_%s, so its rules are unknown "+
		"(validation-gen stops here too); %s, or write %s to leave the value unvalidated",
		r.where, t.Pkg().Name(), t.Name(), t.Pkg().Path(), why, t.Name(), remedy, opaque)
}

// withoutObjectMeta drops the embedded ObjectMeta of a root type, whose
// metadata gets kube-apiserver's rules (metadata.go); elsewhere (a
// template's metadata) it is validated as validation-gen does, by
// metav1validation.Validate_ObjectMeta.
func withoutObjectMeta(fields []*fieldPlan) []*fieldPlan {
	var kept []*fieldPlan
	for _, fp := range fields {
		if !(fp.f.Embedded && isMetav1(fp.f.Type(), "ObjectMeta")) {
			kept = append(kept, fp)
		}
	}
	return kept
}
