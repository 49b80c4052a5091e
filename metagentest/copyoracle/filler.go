// Package copyoracle checks DeepCopy implementations against a reflection
// oracle: fill a value with random data, copy it, and verify the copy is
// deeply equal to the original while sharing none of its mutable memory.
//
// It follows the approach of deepcopy-gen's own output tests
// (k8s.io/code-generator/cmd/deepcopy-gen/output_tests).
package copyoracle

import (
	"encoding/json"

	inf "gopkg.in/inf.v0"
	"sigs.k8s.io/randfill"

	"k8s.io/apimachinery/pkg/api/resource"
	"k8s.io/apimachinery/pkg/runtime"
)

// NewFiller returns a deterministic randfill.Filler configured like
// deepcopy-gen's output tests: half of all pointers, maps and slices are nil,
// and non-nil maps and slices hold 0 to 3 elements, so nil, empty and
// populated collections all occur.
//
// It can fill k8s.io/api types: it knows resource.Quantity,
// runtime.RawExtension, runtime.Object and JSON-like interface{} values.
// metav1.Time, metav1.MicroTime and intstr.IntOrString fill themselves.
// Unexported fields are left zero; call AllowUnexportedFields(true) on the
// result to fill them too. Further Funcs may be registered on the result.
func NewFiller(seed int64) *randfill.Filler {
	return randfill.NewWithSeed(seed).
		NilChance(0.5).
		NumElements(0, 3).
		Funcs(fillFuncs...)
}

// fillFuncs cover types randfill cannot fill on its own (interfaces) or would
// fill with invalid internal state (resource.Quantity's unexported fields).
var fillFuncs = []any{
	fillQuantity,
	fillRawExtension,
	fillObject,
	fillJSONValue,
}

func fillQuantity(q *resource.Quantity, c randfill.Continue) {
	formats := []resource.Format{resource.DecimalSI, resource.BinarySI, resource.DecimalExponent}
	format := formats[c.Intn(len(formats))]
	if c.Bool() {
		// inf.Dec-backed: exercises the pointer that Quantity.DeepCopy must clone.
		// The unscaled value is never zero so that big.Int stays normalized.
		*q = *resource.NewDecimalQuantity(*inf.NewDec(c.Int63n(1<<40)+1, inf.Scale(c.Intn(7)-3)), format)
	} else {
		*q = *resource.NewScaledQuantity(c.Int63n(1<<40), resource.Scale(c.Intn(7)-3))
		q.Format = format
	}
	if c.Bool() {
		_ = q.String() // populates the cached string representation
	}
}

func fillRawExtension(r *runtime.RawExtension, c randfill.Continue) {
	if c.Bool() {
		value, _ := json.Marshal(c.String(8)) // a quoted string cannot fail
		r.Raw = []byte(`{"apiVersion":"v1","kind":"Something","value":` + string(value) + `}`)
	}
	if c.Bool() {
		fillObject(&r.Object, c)
	}
}

// fillObject sets a runtime.Object to nil or to a *runtime.Unknown, the one
// concrete Object apimachinery offers without a scheme.
func fillObject(o *runtime.Object, c randfill.Continue) {
	if c.Bool() {
		*o = nil
		return
	}
	u := &runtime.Unknown{ContentType: runtime.ContentTypeJSON}
	c.Fill(&u.TypeMeta)
	c.Fill(&u.Raw)
	*o = u
}

// fillJSONValue fills interface{} fields with the values encoding/json
// produces, which is what DeepCopyJSONValue-style copiers expect.
func fillJSONValue(v *any, c randfill.Continue) {
	fillJSONValueDepth(v, c, 3)
}

func fillJSONValueDepth(v *any, c randfill.Continue, depth int) {
	kind := c.Intn(7)
	if depth == 0 {
		kind %= 5 // scalars only
	}
	switch kind {
	case 0:
		*v = nil
	case 1:
		*v = c.Bool()
	case 2:
		*v = c.Float64()
	case 3:
		*v = c.Int63()
	case 4:
		*v = c.String(8)
	case 5:
		m := map[string]any{}
		for range c.Intn(4) {
			var elem any
			fillJSONValueDepth(&elem, c, depth-1)
			m[c.String(4)] = elem
		}
		*v = m
	default:
		s := make([]any, c.Intn(4))
		for i := range s {
			fillJSONValueDepth(&s[i], c, depth-1)
		}
		*v = s
	}
}
