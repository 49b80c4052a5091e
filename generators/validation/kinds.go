package validation

import (
	"go/types"
	"math"
	"regexp"
	"sort"

	"k8s.io/gengo/v2/codetags"

	"github.com/metagen-dev/metagen/generators/markers"
	"github.com/metagen-dev/metagen/schema/rules"
)

// applies checks that a rule fits the type of the value it is written on,
// reporting an error when it does not; presence rules on value structs from
// the schema dialects (+optional, kubebuilder) are dropped quietly, since
// every Go struct value is present.
func (a *analyzer) applies(r *rule, typ types.Type, d *declRules) bool {
	scalar := deref(typ)
	if r.kubebuilder && schemaOnly(r, typ) {
		return false
	}
	wrong := func(want string) bool {
		if r.kubebuilder && d.selfMarshalled {
			return false // its JSON kind may fit: the CRD schema decides
		}
		a.errorf(r.pos, "%s applies to %s, not %s", r.tag, want, typeName(typ))
		return false
	}
	switch r.kind {
	case ruleRequired, ruleOptional, ruleForbidden:
		return a.presenceApplies(r, typ, d)
	case ruleImmutable:
		return true
	case ruleFixed:
		return a.fixedApplies(r, typ)
	case ruleCustom:
		if r.str == "" {
			a.errorf(r.pos, "%s applies to fields and types, not to list items or map keys", r.tag)
			return false
		}
	case ruleUpdate:
		return a.updateApplies(r, typ)
	case ruleMonotonic:
		if !isInteger(scalar) {
			return wrong("integers")
		}
	case ruleMinimum, ruleMaximum:
		if r.kubebuilder && isNumber(scalar) {
			return a.boundFits(r, scalar)
		}
		if !isInteger(scalar) {
			return wrong("integers")
		}
		return a.boundFits(r, scalar)
	case ruleMultipleOf:
		if !isNumber(scalar) {
			return wrong("numbers")
		}
		if r.kubebuilder && isInteger(scalar) && (r.num != math.Trunc(r.num) || !intFits(scalar, r.num)) {
			a.warnf(r.pos, "%s=%v on %s: kube-apiserver's schema validation refuses a factor an integer cannot hold, and with it every object that sets this field", r.tag, r.num, typeName(scalar))
		}
	case ruleMinLength, ruleMaxLength:
		if r.kubebuilder && isByteSlice(typ) {
			return true // the base64 string's length: see rules.Base64MinLength
		}
		if !isString(scalar) {
			return wrong("strings")
		}
	case ruleEnumValues:
		if r.kubebuilder && isNumber(scalar) {
			return a.readNumbers(r, scalar)
		}
		if !isString(scalar) {
			return wrong("strings")
		}
	case ruleMaxBytes, ruleFormat:
		if !isString(scalar) {
			return wrong("strings")
		}
	case rulePattern:
		if !isString(scalar) {
			return wrong("strings")
		}
		if _, err := regexp.Compile(r.str); err != nil {
			a.errorf(r.pos, "%s: %v", r.tag, err)
			return false
		}
	case ruleSchemaFormat:
		if !isString(scalar) {
			return wrong("strings")
		}
		if !rules.IsFormat(r.str) {
			a.errorf(r.pos, "%s=%s: unknown format", r.tag, r.str)
			return false
		}
	case ruleNEQ:
		return a.neqApplies(r, scalar)
	case ruleMinItems, ruleMaxItems:
		if r.kubebuilder && isSlice(scalar) {
			return true // a *[]T too: see rules.PtrMinItems
		}
		if !isSlice(typ) {
			return wrong("lists")
		}
	case ruleUniqueItems:
		if !isSlice(typ) {
			return wrong("lists")
		}
	case ruleMinProperties, ruleMaxProperties:
		if !isMap(typ) {
			return wrong("maps")
		}
	}
	return true
}

// schemaOnly reports a kubebuilder rule that controller-gen writes into the
// CRD schema but Go cannot check as kube-apiserver does, because the rule
// depends on how the value serializes: the number of properties of a
// struct (omitempty, omitzero, inlining and marshalers decide which fields
// are written), the string rules on a []byte other than its lengths and on
// a *[]byte, UniqueItems on a *[]T, and an enum of values that are neither
// strings nor numbers. kube-apiserver enforces them through the schema;
// the generated code leaves them out.
func schemaOnly(r *rule, typ types.Type) bool {
	scalar := deref(typ)
	switch r.kind {
	case ruleMinProperties, ruleMaxProperties:
		return isStruct(scalar)
	case ruleUniqueItems:
		return isPointer(typ) && isSlice(scalar)
	case ruleMinLength, ruleMaxLength:
		return isPointer(typ) && isByteSlice(scalar)
	case rulePattern, ruleSchemaFormat:
		return isByteSlice(scalar)
	case ruleEnumValues:
		return isByteSlice(scalar) || !isString(scalar) && !isNumber(scalar)
	}
	return false
}

// readNumbers takes the values of an enum of numbers, as the marker parser
// typed them, which must all be numbers for any value to be valid.
func (a *analyzer) readNumbers(r *rule, scalar types.Type) bool {
	var numbers []float64
	for i, value := range r.enum {
		n, ok := enumNumber(value)
		if !ok {
			a.errorf(r.pos, "%s: %q is not a number, as values of %s are", r.tag, r.values[i], typeName(scalar))
			return false
		}
		numbers = append(numbers, n)
	}
	r.numbers = numbers
	return true
}

func (a *analyzer) presenceApplies(r *rule, typ types.Type, d *declRules) bool {
	if isStruct(typ) {
		if r.tag == markers.K8sRequired.Tag() || r.tag == markers.K8sOptional.Tag() || r.tag == markers.K8sForbidden.Tag() {
			a.errorf(r.pos, "non-pointer structs cannot use the %s tag: a struct value is always present", r.tag)
		}
		return false
	}
	if r.kind == ruleOptional && d.hasDefault {
		// As validation-gen: an optional field with a default is required
		// to the server, unless the default is the zero value of a value
		// field, which makes "optional" mere documentation.
		if !isNilable(typ) && d.zeroDefault {
			return false
		}
		r.kind = ruleRequired
	}
	return true
}

func (a *analyzer) updateApplies(r *rule, typ types.Type) bool {
	collection := isSlice(typ) || isMap(typ)
	switch r.str {
	case "NoModify":
		if collection {
			a.errorf(r.pos, "%s=NoModify is not supported on lists or maps; use +k8s:eachVal=+k8s:update=NoModify", r.tag)
			return false
		}
	case "NoAddItem", "NoRemoveItem":
		if !collection {
			a.errorf(r.pos, "%s=%s applies to lists and maps, not %s", r.tag, r.str, typeName(typ))
			return false
		}
	}
	return true
}

func (a *analyzer) neqApplies(r *rule, scalar types.Type) bool {
	ok := false
	switch r.neqKind {
	case codetags.ValueTypeString:
		ok = isString(scalar)
	case codetags.ValueTypeInt:
		ok = isInteger(scalar)
	case codetags.ValueTypeBool:
		ok = basicInfo(scalar)&types.IsBoolean != 0
	case codetags.ValueTypeRaw:
		ok = isString(scalar)
	}
	if !ok {
		a.errorf(r.pos, "%s=%s does not fit %s", r.tag, r.str, typeName(scalar))
	}
	return ok
}

// boundFits reports a bound that the type cannot hold.
func (a *analyzer) boundFits(r *rule, scalar types.Type) bool {
	if !isInteger(scalar) || (r.num == math.Trunc(r.num) && !r.exclusive && intFits(scalar, r.num)) {
		return true
	}
	if r.kubebuilder {
		// The schema is an integer's, and kube-openapi refuses a bound it
		// cannot hold: kube-apiserver then rejects every object that sets
		// the value ("Minimum boundary value must be of type integer …"),
		// where the generated check compares with the bound.
		a.warnf(r.pos, "%s=%v on %s: kube-apiserver's schema validation refuses a bound an integer cannot hold, and with it every object that sets this field", r.tag, r.num, typeName(scalar))
		return true
	}
	a.errorf(r.pos, "%s=%v does not fit %s", r.tag, r.num, typeName(scalar))
	return false
}

// integerBound reports whether a rule on an integer can use validate's
// integer Minimum/Maximum: a whole, inclusive bound the type holds.
func integerBound(r rule, scalar types.Type) bool {
	return isInteger(scalar) && r.num == math.Trunc(r.num) && !r.exclusive && intFits(scalar, r.num)
}

func intFits(t types.Type, n float64) bool {
	info := basicInfo(t)
	kind := t.Underlying().(*types.Basic).Kind()
	if info&types.IsUnsigned != 0 {
		if n < 0 {
			return false
		}
		switch kind {
		case types.Uint8:
			return n <= math.MaxUint8
		case types.Uint16:
			return n <= math.MaxUint16
		case types.Uint32:
			return n <= math.MaxUint32
		}
		return n <= math.MaxUint64
	}
	switch kind {
	case types.Int8:
		return n >= math.MinInt8 && n <= math.MaxInt8
	case types.Int16:
		return n >= math.MinInt16 && n <= math.MaxInt16
	case types.Int32:
		return n >= math.MinInt32 && n <= math.MaxInt32
	}
	return n >= math.MinInt64 && n <= math.MaxInt64
}

func deref(t types.Type) types.Type {
	if p, ok := t.(*types.Pointer); ok {
		return p.Elem()
	}
	return t
}

func basicInfo(t types.Type) types.BasicInfo {
	b, ok := t.Underlying().(*types.Basic)
	if !ok {
		return 0
	}
	return b.Info()
}

func isInteger(t types.Type) bool { return basicInfo(t)&types.IsInteger != 0 }
func isNumber(t types.Type) bool  { return basicInfo(t)&(types.IsInteger|types.IsFloat) != 0 }
func isString(t types.Type) bool  { return basicInfo(t)&types.IsString != 0 }

func isSlice(t types.Type) bool {
	_, ok := t.Underlying().(*types.Slice)
	return ok
}

func isMap(t types.Type) bool {
	_, ok := t.Underlying().(*types.Map)
	return ok
}

// isByteSlice reports a []byte, which encoding/json writes as a base64
// string, unless its bytes marshal themselves.
func isByteSlice(t types.Type) bool {
	s, ok := t.Underlying().(*types.Slice)
	if !ok {
		return false
	}
	b, ok := s.Elem().Underlying().(*types.Basic)
	return ok && b.Kind() == types.Uint8 && !marshalsItself(s.Elem())
}

// marshalsItself reports a type (or pointer to one) with its own JSON or
// text encoding, whose JSON kind its Go kind does not tell.
func marshalsItself(t types.Type) bool {
	named, ok := types.Unalias(deref(t)).(*types.Named)
	if !ok {
		return false
	}
	methods := types.NewMethodSet(types.NewPointer(named))
	for _, name := range []string{"MarshalJSON", "MarshalText"} {
		if methods.Lookup(named.Obj().Pkg(), name) != nil {
			return true
		}
	}
	return false
}

func isPointer(t types.Type) bool {
	_, ok := t.(*types.Pointer)
	return ok
}

// isNilable: values passed to validators as they are, not by address.
func isNilable(t types.Type) bool { return isPointer(t) || isSlice(t) || isMap(t) }

// isDirectComparable: values == compares fully, as validation-gen decides
// (no pointers, which == would compare by address).
func isDirectComparable(t types.Type) bool {
	switch u := t.Underlying().(type) {
	case *types.Basic:
		return true
	case *types.Struct:
		for i := range u.NumFields() {
			if !isDirectComparable(u.Field(i).Type()) {
				return false
			}
		}
		return true
	case *types.Array:
		return isDirectComparable(u.Elem())
	}
	return false
}

// formatFunc names a +k8s:format validator.
type formatFunc struct{ pkg, name string }

// k8sFormats maps the +k8s:format values to their validators: the functions
// of k8s.io/apimachinery/pkg/api/validate; schema/rules for k8s-label-key
// (validate's, behind a quick pass that does not allocate) and k8s-ip, which
// validation-gen documents but does not generate yet.
var k8sFormats = map[string]formatFunc{
	"k8s-extended-resource-name":        {validatePkg, "ExtendedResourceName"},
	"k8s-ip":                            {rulesPkg, "IPSloppy"},
	"k8s-label-key":                     {rulesPkg, "LabelKey"},
	"k8s-label-value":                   {validatePkg, "LabelValue"},
	"k8s-long-name":                     {validatePkg, "LongName"},
	"k8s-long-name-caseless":            {validatePkg, "LongNameCaseless"},
	"k8s-path-segment-name":             {validatePkg, "PathSegmentName"},
	"k8s-prefixed-label-key":            {validatePkg, "PrefixedLabelKey"},
	"k8s-resource-fully-qualified-name": {validatePkg, "ResourceFullyQualifiedName"},
	"k8s-resource-pool-name":            {validatePkg, "ResourcePoolName"},
	"k8s-short-name":                    {validatePkg, "ShortName"},
	"k8s-uuid":                          {validatePkg, "UUID"},
}

func isK8sFormat(name string) bool {
	_, ok := k8sFormats[name]
	return ok
}

func k8sFormatNames() []string {
	names := make([]string, 0, len(k8sFormats))
	for name := range k8sFormats {
		names = append(names, name)
	}
	sort.Strings(names)
	return names
}

// enumNumber is an enum item that controller-tools read as a number.
func enumNumber(item any) (float64, bool) {
	switch v := item.(type) {
	case int:
		return float64(v), true
	case int64:
		return float64(v), true
	case float64:
		return v, !math.IsInf(v, 0) && !math.IsNaN(v)
	}
	return 0, false
}
