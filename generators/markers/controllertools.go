package markers

import (
	"fmt"
	"go/token"
	"math"
	"reflect"
	"slices"
	"strings"
	"sync"

	"github.com/metagen-dev/metagen/generators/diag"
	crdmarkers "sigs.k8s.io/controller-tools/pkg/crd/markers"
	"sigs.k8s.io/controller-tools/pkg/deepcopy"
	ctmarkers "sigs.k8s.io/controller-tools/pkg/markers"
	"sigs.k8s.io/controller-tools/pkg/rbac"
	"sigs.k8s.io/controller-tools/pkg/webhook"
)

// Every marker controller-gen v0.23.0 defines in the kubebuilder dialect
// is read by controller-tools' own parser, with controller-tools' own
// definitions (their names, targets and Go types): spacing, quoting, ':=',
// {a,b} and a;b lists, maps and argument order are accepted exactly as
// controller-gen accepts them, and refused as it refuses them. Its value
// is then converted to the marker's typed value here (ValueType), and
// metagen's own checks (a scope kube-apiserver accepts, a CEL rule that is
// not empty, …) come after that parse, never instead of it.
//
// The markers controller-tools also defines in the dialects whose anchor
// is gengo (+k8s: tags, +optional, +listType, +default, +groupName …) keep
// gengo's reading: code-generator and openapi-gen read them too.

// ControllerTools is the registry of controller-gen's markers: those of its
// crd, object (deepcopy), rbac, webhook and applyconfiguration generators.
func ControllerTools() *ctmarkers.Registry { return controllerTools() }

var controllerTools = sync.OnceValue(func() *ctmarkers.Registry {
	reg := &ctmarkers.Registry{}
	for _, err := range []error{
		crdmarkers.Register(reg),
		deepcopy.Generator{}.RegisterMarkers(reg),
		rbac.Generator{}.RegisterMarkers(reg),
		webhook.Generator{}.RegisterMarkers(reg),
		ctmarkers.RegisterAll(reg, applyConfigurationDefinitions()...),
	} {
		if err != nil {
			panic("markers: controller-tools' registry: " + err.Error())
		}
	}
	return reg
})

// applyConfigurationDefinitions are the markers of controller-gen's
// applyconfiguration generator as pkg/applyconfiguration declares them (its
// package links code-generator's applyconfiguration-gen, which metagen does
// not build): the same names, targets and Go types. Its fourth marker,
// +kubebuilder:resource, is crd's (crdmarkers.Resource), registered above.
func applyConfigurationDefinitions() []*ctmarkers.Definition {
	return []*ctmarkers.Definition{
		ctmarkers.Must(ctmarkers.MakeDefinition("kubebuilder:ac:generate", ctmarkers.DescribesPackage, false)),
		ctmarkers.Must(ctmarkers.MakeDefinition("kubebuilder:ac:output:package", ctmarkers.DescribesPackage, "")),
		ctmarkers.Must(ctmarkers.MakeDefinition("kubebuilder:ac:generate", ctmarkers.DescribesType, false)),
	}
}

// itemsPrefix names controller-tools' markers that apply a validation to
// a list's items, one definition per validation; metagen's Def is
// +kubebuilder:validation:items, its Args the rest.
const itemsPrefix = "kubebuilder:validation:items:"

// controllerToolsTargets are the targets controller-tools looks a marker up
// for, in the order tried: a comment read for a package or a type
// (package-level comments) tries both.
var controllerToolsTargets = []struct {
	target Target
	ct     ctmarkers.TargetType
}{{OnField, ctmarkers.DescribesField}, {OnType, ctmarkers.DescribesType}, {OnPackage, ctmarkers.DescribesPackage}}

// controllerToolsDefinition is controller-tools' definition of the marker
// line text ("+name…"), looked up as controller-gen looks it up, for the
// target, else for any target (a marker on the wrong kind of declaration
// is still written in controller-tools' syntax); and metagen's Def it
// is read into. nil when the line is no marker of the kubebuilder dialect
// controller-tools defines.
func controllerToolsDefinition(text string, target Target) (*ctmarkers.Definition, *Def) {
	reg := controllerTools()
	var found *ctmarkers.Definition
	for _, pass := range []bool{true, false} {
		for _, t := range controllerToolsTargets {
			if pass == (target&t.target != 0) {
				if found = reg.Lookup(text, t.ct); found != nil {
					break
				}
			}
		}
		if found != nil {
			break
		}
	}
	if found == nil {
		return nil, nil
	}
	def := metagenDefOf(found.Name)
	if def == nil || def.Dialect != kubebuilder {
		return nil, nil
	}
	return found, def
}

// controllerToolsDefines reports whether controller-tools defines the
// marker m resolved to (for +kubebuilder:validation:items, the validation
// its arguments name), on any target.
func controllerToolsDefines(m Marker) bool {
	probe := "+" + m.Def.Name + "=1"
	if m.Def.Args {
		probe = "+" + m.Def.Name + ":x=1"
	}
	if strings.HasPrefix(itemsPrefix, m.Def.Name+":") {
		keyword, _, _ := strings.Cut(m.Args, "=")
		keyword, _, _ = strings.Cut(keyword, ":")
		probe = "+" + itemsPrefix + keyword + "=1"
	}
	for _, t := range controllerToolsTargets {
		if controllerTools().Lookup(probe, t.ct) != nil {
			return true
		}
	}
	return false
}

// metagenDefOf is the Def a controller-tools marker name is read into.
func metagenDefOf(ctName string) *Def {
	if strings.HasPrefix(ctName, itemsPrefix) {
		return Lookup(strings.TrimSuffix(itemsPrefix, ":"))
	}
	return Lookup(ctName)
}

// parseControllerTools reads a marker line of the kubebuilder dialect with
// controller-tools' definition, then converts and checks its value.
func parseControllerTools(text string, pos token.Position, target Target, ctDef *ctmarkers.Definition, def *Def) (Marker, error) {
	marker := writtenAs(text, ctDef, def)
	marker.Pos = pos
	if def.Targets&target == 0 {
		return marker, misplaced(marker, target)
	}
	if depth := nesting(text); depth > MaxValueDepth {
		// controller-tools' lookahead costs a pass over the rest of the
		// value per level: a bound keeps reading a comment linear.
		marker.Err = valueError(marker, fmt.Errorf("the value nests %d levels deep; at most %d are allowed, in %q", depth, MaxValueDepth, text))
		return marker, marker.Err
	}
	value, err := ctDef.Parse(text)
	if err != nil {
		// The value controller-tools read up to the problem gets metagen's
		// checks too, so that one error names every problem of the marker.
		why := fmt.Errorf("%s%s", cleanError(err), suggestArgument(err, ctDef))
		if partial, convErr := fromControllerTools(def, ctDef.Name, value); convErr == nil {
			if _, checkErr := checkTyped(def, target, marker, partial); checkErr != nil {
				why = joinProblems(why, checkErr)
			}
		}
		marker.Err = valueError(marker, fmt.Errorf("%v, in %q (controller-gen refuses it too)", why, text))
		return marker, marker.Err
	}
	typed, err := fromControllerTools(def, ctDef.Name, value)
	if err == nil {
		typed, err = checkTyped(def, target, marker, typed)
	}
	if item, ok := typed.(ItemValidation); ok {
		_, item.Marker.Value, item.Marker.HasValue = strings.Cut(marker.Args, "=")
		item.Marker.Pos = marker.Pos
		typed = item
	}
	if text, ok := typed.(string); ok && !def.Args {
		marker.Value = text // the value as controller-gen reads it, unquoted
	}
	if err != nil {
		if !quotes(err, marker.Args) && !quotes(err, marker.Value) {
			err = fmt.Errorf("%v, in %q", err, text)
		}
		marker.Err = valueError(marker, err)
		return marker, marker.Err
	}
	marker.Typed = typed
	return marker, nil
}

// writtenAs fills the marker's name, arguments and value from the line as
// controller-tools splits it: the name is the definition's, what follows
// its ':' the arguments of a struct marker, what follows the first '=' the
// value of a marker of one value.
func writtenAs(text string, ctDef *ctmarkers.Definition, def *Def) Marker {
	m := Marker{Def: def, Name: def.Name}
	raw := strings.TrimPrefix(text, "+")
	head, value, hasValue := strings.Cut(raw, "=")
	switch {
	case def.Args && strings.HasPrefix(ctDef.Name, itemsPrefix):
		keyword := strings.TrimPrefix(ctDef.Name, itemsPrefix)
		m.Args = keyword
		if rest := strings.TrimPrefix(raw, ctDef.Name); rest != "" {
			m.Args += strings.TrimSpace(strings.TrimPrefix(rest, ":"))
		}
		if hasValue && !strings.Contains(m.Args, "=") {
			m.Args += "=" + strings.TrimSpace(value)
		}
		m.Args = strings.Replace(m.Args, ":=", "=", 1)
	case def.Args:
		m.Args = strings.TrimSpace(strings.TrimPrefix(strings.TrimPrefix(raw, ctDef.Name), ":"))
	default:
		_ = head
		m.Value, m.HasValue = strings.TrimSpace(value), hasValue
	}
	return m
}

// suggestArgument names the argument an unknown one controller-tools
// refused may have meant.
func suggestArgument(err error, ctDef *ctmarkers.Definition) string {
	msg := err.Error()
	i := strings.Index(msg, "unknown argument \"")
	if i < 0 {
		return ""
	}
	name, _, _ := strings.Cut(msg[i+len("unknown argument \""):], "\"")
	fields := map[string]argField{}
	for arg := range ctDef.Fields {
		fields[arg] = argField{}
	}
	hint := unknownArg(name, fields).Error()
	if j := strings.Index(hint, " ("); j >= 0 {
		return hint[j:]
	}
	return ""
}

// misplaced is a marker written on a kind of declaration it does not apply
// to. The anchors ignore a marker of their dialects where it has no
// meaning, so for those it is a warning; metagen's own namespace is closed.
func misplaced(m Marker, target Target) error {
	switch m.Def.Dialect {
	case Namespace:
		return problem(errorf(m.Pos, "marker %q is not allowed on a %s: it applies to a %s; move it", "+"+m.Name, target, m.Def.Targets), m.Def.Name)
	case "validation-gen":
		// validation-gen refuses a tag outside the scopes it declares.
		return problem(errorf(m.Pos, "marker %q is not allowed on a %s: it applies to a %s (validation-gen refuses it there too); move it", "+"+m.Name, target, m.Def.Targets), m.Def.Name)
	}
	return diag.Warnf(m.Pos, "marker %q on a %s is ignored: it applies to a %s, and %s ignores it here too (move it, or delete it)",
		"+"+m.Name, target, m.Def.Targets, anchorOf(m.Def))
}

// anchorOf names the tool whose dialect the marker is.
func anchorOf(def *Def) string {
	switch def.Dialect {
	case kubebuilder:
		return "controller-gen"
	case "kube-openapi":
		return "openapi-gen"
	case "validation-gen":
		return "validation-gen"
	case "code-generator":
		return "code-generator"
	}
	return def.Dialect
}

// fromControllerTools converts a value controller-tools parsed for the
// marker called ctName into def's value type.
func fromControllerTools(def *Def, ctName string, value any) (any, error) {
	if keyword, ok := strings.CutPrefix(ctName, itemsPrefix); ok {
		inner := Lookup("kubebuilder:validation:" + keyword)
		if inner == nil {
			return nil, fmt.Errorf("unknown validation %q", keyword)
		}
		typed, err := fromControllerTools(inner, inner.Name, value)
		if err != nil {
			return nil, err
		}
		m := Marker{Def: inner, Name: inner.Name, Typed: typed}
		return ItemValidation{Marker: m}, nil
	}
	t := def.ValueType()
	if t == nil {
		return nil, nil
	}
	v := reflect.ValueOf(value)
	switch t {
	case reflect.TypeFor[Literal]():
		return Literal{Value: plainValue(v.Field(0).Interface())}, nil
	case reflect.TypeFor[EnumValues]():
		return EnumValues(value.(crdmarkers.Enum)), nil // each item as controller-tools typed it
	case reflect.TypeFor[string]():
		if v.Kind() == reflect.Struct { // Title{Value any}
			text, ok := v.Field(0).Interface().(string)
			if !ok {
				return nil, fmt.Errorf("want a string, got %v", v.Field(0).Interface())
			}
			return text, nil
		}
	}
	out := reflect.New(t).Elem()
	if err := convertInto(out, v); err != nil {
		return nil, err
	}
	return out.Interface(), nil
}

// convertInto copies a controller-tools value into metagen's type: named
// scalars to their kind, a struct argument by argument (matched by the
// argument names both types declare), a pointer argument to a pointer
// that is nil when the value is absent or empty.
func convertInto(out, in reflect.Value) error {
	if out.Kind() == reflect.Pointer {
		if in.Kind() == reflect.Pointer {
			if in.IsNil() {
				return nil
			}
			in = in.Elem()
		} else if in.IsZero() {
			return nil
		}
		out.Set(reflect.New(out.Type().Elem()))
		return convertInto(out.Elem(), in)
	}
	if in.Kind() == reflect.Pointer {
		if in.IsNil() {
			return nil
		}
		in = in.Elem()
	}
	switch out.Kind() {
	case reflect.String:
		out.SetString(in.String())
	case reflect.Bool:
		out.SetBool(in.Bool())
	case reflect.Int, reflect.Int32, reflect.Int64:
		out.SetInt(in.Int())
	case reflect.Float64:
		out.SetFloat(in.Float())
	case reflect.Slice:
		if in.Len() == 0 {
			return nil
		}
		list := reflect.MakeSlice(out.Type(), in.Len(), in.Len())
		for i := range in.Len() {
			if err := convertInto(list.Index(i), in.Index(i)); err != nil {
				return err
			}
		}
		out.Set(list)
	case reflect.Struct:
		ours, theirs := argFields(out.Type()), argFields(in.Type())
		for name, field := range ours {
			from, ok := theirs[name]
			if !ok {
				return fmt.Errorf("markers: controller-tools' %s has no argument %s", in.Type(), name)
			}
			if err := convertInto(out.Field(field.index), in.Field(from.index)); err != nil {
				return err
			}
		}
	default:
		return fmt.Errorf("markers: cannot convert %s to %s", in.Type(), out.Type())
	}
	return nil
}

// plainValue turns a value controller-tools parsed for a marker of any
// type into what encoding/json reads from the JSON controller-gen writes
// for it: numbers float64, lists []any, objects map[string]any.
func plainValue(value any) any {
	v := reflect.ValueOf(value)
	if !v.IsValid() {
		return nil
	}
	switch v.Kind() {
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		return float64(v.Int())
	case reflect.Float32, reflect.Float64:
		return v.Float()
	case reflect.String:
		return v.String()
	case reflect.Bool:
		return v.Bool()
	case reflect.Slice:
		list := make([]any, v.Len())
		for i := range v.Len() {
			list[i] = plainValue(v.Index(i).Interface())
		}
		return list
	case reflect.Map:
		object := make(map[string]any, v.Len())
		for _, key := range v.MapKeys() {
			object[key.String()] = plainValue(v.MapIndex(key).Interface())
		}
		return object
	case reflect.Interface, reflect.Pointer:
		if v.IsNil() {
			return nil
		}
		return plainValue(v.Elem().Interface())
	}
	return value
}

// checkTyped is metagen's own check of a value controller-tools accepted:
// what kube-apiserver would refuse in the CRD, or the generators could not
// write.
func checkTyped(def *Def, target Target, m Marker, typed any) (any, error) {
	if def.Check != nil {
		if err := def.Check(target, m.Args+m.Value); err != nil {
			return nil, err
		}
	}
	if def.RelativePath {
		if text, ok := typed.(string); ok && isAbsolutePath(text) {
			return nil, fmt.Errorf("want a path relative to the package directory, got the absolute path %q", text)
		}
	}
	var err error
	switch v := typed.(type) {
	case float64:
		if math.IsNaN(v) || math.IsInf(v, 0) {
			err = fmt.Errorf("want a number, got %v: JSON has no such number", v)
		}
	case FieldNames:
		if len(v) == 0 {
			err = fmt.Errorf("want field names, as a;b or {a,b}")
		}
	case int64:
		if v < 0 && def.Count {
			err = fmt.Errorf("want a whole number, zero or more, got %d", v)
		}
	case XValidation:
		err = v.check()
	case ItemValidation:
		v.Marker.Typed, err = checkTyped(v.Marker.Def, OnField, v.Marker, v.Marker.Typed)
		typed = v
	case Resource:
		err = v.check()
	case Metadata:
		err = v.check()
		typed = v
	}
	if err != nil {
		return nil, err
	}
	return typed, nil
}

func (x XValidation) check() error {
	if x.Rule == "" {
		return fmt.Errorf("needs rule=…: kube-apiserver refuses an empty CEL rule")
	}
	if x.Reason != nil && !slices.Contains(xValidationReasons, *x.Reason) {
		return fmt.Errorf("reason %q is not one of %s", *x.Reason, quoteAll(xValidationReasons))
	}
	return nil
}
