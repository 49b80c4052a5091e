// Package cel enforces the CEL rules (x-kubernetes-validations) of a type's
// structural schema in Go, as kube-apiserver enforces them for a
// CustomResourceDefinition: with apiextensions-apiserver's own CEL validator
// (k8s.io/apiextensions-apiserver/pkg/apiserver/schema/cel), the same CEL
// environment and libraries, the per-rule cost limit (celconfig.PerCallLimit)
// and the per-request budget (celconfig.RuntimeCELCostBudget), transition
// rules (oldSelf) only on update and only where old and new values
// correlate, optionalOldSelf, the ratcheting of unchanged values, and the
// validator's own field.Errors (messageExpression, reason, fieldPath).
//
// Generated validation (metagen's validation generator) imports this
// package only for a package whose types carry rules, so that binaries
// without rules do not link CEL. Each type's schema is generated as data:
// the JSON of the structural schema its CRD holds. It is decoded and its
// rules compiled once per process, on first use.
//
// As kube-apiserver does, the rules are not evaluated when the other checks
// of the object already failed with an error that makes its value
// unreliable for CEL (a missing required field, a value of the wrong type,
// a value not in an enum, a list, map or string over its maximum): one
// error says so instead.
//
// kube-apiserver reports the errors of sibling fields in the order Go's map
// iteration gives; here they are sorted by path (a node's own rules in
// their order), so that the result is deterministic.
package cel

import (
	"context"
	"encoding/json"
	"fmt"
	"reflect"
	"sort"
	"sync"

	apiextensionsinternal "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions"
	apiextensionsv1 "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1"
	structuralschema "k8s.io/apiextensions-apiserver/pkg/apiserver/schema"
	apiservercel "k8s.io/apiextensions-apiserver/pkg/apiserver/schema/cel"
	"k8s.io/apiextensions-apiserver/pkg/apiserver/schema/cel/model"
	structuraldefaulting "k8s.io/apiextensions-apiserver/pkg/apiserver/schema/defaulting"
	"k8s.io/apimachinery/pkg/api/operation"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/util/validation/field"
	celconfig "k8s.io/apiserver/pkg/apis/cel"
	"k8s.io/apiserver/pkg/cel/common"
)

// NotChecked is the detail of the error kube-apiserver reports instead of
// evaluating the rules of an object that other checks found invalid.
const NotChecked = "some validation rules were not checked because the object was invalid; correct the existing errors to complete validation"

// Rules are the CEL rules of one type's structural schema.
type Rules struct {
	schema       string
	resourceRoot bool
	// statusDropped: the resource serves /status, so kube-apiserver drops
	// the status of a create before it validates (StatusSubresource).
	statusDropped bool

	once      sync.Once
	structure *structuralschema.Structural
	validator *apiservercel.Validator
	err       error
}

// New returns the rules of the structural schema written as JSON (an
// apiextensions.k8s.io/v1 JSONSchemaProps, as a CRD holds it). resourceRoot
// says the schema is a resource's (a CRD's root, whose apiVersion, kind and
// metadata.name the rules may read). Nothing is decoded or compiled before
// the first Validate.
func New(schemaJSON string, resourceRoot bool) *Rules {
	return &Rules{schema: schemaJSON, resourceRoot: resourceRoot}
}

// StatusSubresource says the resource serves /status: kube-apiserver drops
// the status of an object it creates, so a create's status rules are not
// evaluated.
func (r *Rules) StatusSubresource() *Rules {
	r.statusDropped = true
	return r
}

// Compile decodes the schema and compiles its rules, once; later calls
// return the first one's result.
func (r *Rules) Compile() error {
	r.once.Do(r.compile)
	return r.err
}

// Structural is the structural schema the rules are compiled in (nil when
// it does not decode).
func (r *Rules) Structural() *structuralschema.Structural {
	r.once.Do(r.compile)
	return r.structure
}

func (r *Rules) compile() {
	s, err := Structural(r.schema)
	if err != nil {
		r.err = err
		return
	}
	r.structure = s
	// As kube-apiserver's custom resource strategy builds it.
	r.validator = apiservercel.NewValidator(s, r.resourceRoot, celconfig.PerCallLimit)
}

// Structural decodes a JSON apiextensions.k8s.io/v1 schema into the
// structural schema kube-apiserver serves a CRD version with: converted to
// the internal version, then made structural.
func Structural(schemaJSON string) (*structuralschema.Structural, error) {
	var v1 apiextensionsv1.JSONSchemaProps
	if err := json.Unmarshal([]byte(schemaJSON), &v1); err != nil {
		return nil, fmt.Errorf("decoding the CEL rules' schema: %w", err)
	}
	var internal apiextensionsinternal.JSONSchemaProps
	if err := apiextensionsv1.Convert_v1_JSONSchemaProps_To_apiextensions_JSONSchemaProps(&v1, &internal, nil); err != nil {
		return nil, fmt.Errorf("converting the CEL rules' schema: %w", err)
	}
	s, err := structuralschema.NewStructural(&internal)
	if err != nil {
		return nil, fmt.Errorf("the CEL rules' schema is not structural: %w", err)
	}
	return s, nil
}

// Validate evaluates the rules on obj, a pointer to a value of the type
// (and on update, oldObj, the old value, for transition rules and
// ratcheting), with errors at paths under fldPath. prior are the errors
// the type's other checks found: when one of them is of a kind
// kube-apiserver treats as blocking, the rules are not evaluated and a
// single error (NotChecked) is returned instead, as kube-apiserver does.
func (r *Rules) Validate(ctx context.Context, op operation.Operation, fldPath *field.Path, obj, oldObj any, prior field.ErrorList) field.ErrorList {
	if Blocked(prior) {
		return field.ErrorList{field.Invalid(fldPath, nil, NotChecked)}
	}
	if err := r.Compile(); err != nil {
		return field.ErrorList{field.InternalError(fldPath, err)}
	}
	if r.validator == nil {
		return nil // no rules after all
	}
	newU, err := ToUnstructured(r.structure, obj)
	if err != nil {
		return field.ErrorList{field.InternalError(fldPath, err)}
	}
	if m, ok := newU.(map[string]any); ok && r.statusDropped && op.Type == operation.Create {
		delete(m, "status")
	}
	var oldU any
	var opts []apiservercel.Option
	if op.Type == operation.Update && !isNil(oldObj) {
		if oldU, err = ToUnstructured(r.structure, oldObj); err != nil {
			return field.ErrorList{field.InternalError(fldPath, err)}
		}
		// Ratcheting, always on since CRDValidationRatcheting went GA.
		correlated := common.NewCorrelatedObject(newU, oldU, &model.Structural{Structural: r.structure})
		opts = append(opts, apiservercel.WithRatcheting(correlated))
	}
	errs, _ := r.validator.Validate(ctx, fldPath, r.structure, newU, oldU, celconfig.RuntimeCELCostBudget, opts...)
	if len(errs) > 1 {
		// kube-apiserver's order follows the iteration of Go maps (the
		// object's fields); ours is by path, each node's rules in order.
		sort.SliceStable(errs, func(i, j int) bool { return errs[i].Field < errs[j].Field })
	}
	return errs
}

// Blocked reports whether errs hold an error after which kube-apiserver
// does not evaluate a CRD's CEL rules (its customresource strategy's
// hasBlockingErr: not supported, required, too long, too many, type
// invalid).
func Blocked(errs field.ErrorList) bool {
	for _, e := range errs {
		switch e.Type {
		case field.ErrorTypeNotSupported, field.ErrorTypeRequired, field.ErrorTypeTooLong,
			field.ErrorTypeTooMany, field.ErrorTypeTypeInvalid:
			return true
		}
	}
	return false
}

// ToUnstructured is obj (a pointer to a Go value) as the JSON value
// kube-apiserver would hold for it after decoding: nulls of fields the
// schema does not make nullable are dropped and the schema's defaults
// applied, as the apiserver's decoding of a custom resource does (its
// unstructuredDefaulter), so the rules see the values it evaluates them on.
func ToUnstructured(s *structuralschema.Structural, obj any) (any, error) {
	m, err := runtime.DefaultUnstructuredConverter.ToUnstructured(obj)
	if err != nil {
		return nil, err
	}
	var u any = m
	structuraldefaulting.PruneNonNullableNullsWithoutDefaults(u, s)
	structuraldefaulting.Default(u, s)
	return u, nil
}

func isNil(v any) bool {
	if v == nil {
		return true
	}
	rv := reflect.ValueOf(v)
	switch rv.Kind() {
	case reflect.Pointer, reflect.Map, reflect.Slice, reflect.Interface:
		return rv.IsNil()
	}
	return false
}
