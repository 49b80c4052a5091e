package markers

import (
	"reflect"
	"slices"
	"strings"
)

// The dialects: where a marker comes from (Def.Dialect), for help's families.
const (
	codeGenerator = "code-generator"
	kubeOpenAPI   = "kube-openapi"
	validationGen = "validation-gen"
)

// Definition is a marker definition as a value, as controller-tools'
// markers.Definition: declared once with Define, in this package's defs_*.go
// files, and read by the value (KBResource.On(t)), so that no generator
// names a marker by a string. T is the Go type of the marker's value:
// Mark for a marker that takes none, string for text the reader takes as
// written, else what the parser types it into (int64, []string,
// Resource, ValidationTag …).
type Definition[T any] struct{ *Def }

// Mark is the value of a marker that takes none (+genclient): it is there
// or it is not.
type Mark struct{}

// Holder is what markers are read from: a Set, or a declaration of the
// model (model.Type, model.Field, model.Package) through its Set.
type Holder interface {
	MarkerSet() Set
}

// MarkerSet makes a Set a Holder.
func (s Set) MarkerSet() Set { return s }

// Define registers def, whose value is a T, and returns it as a value; a
// duplicate name is a programming error. For a T other than Mark and
// string (and string with Def.Unquote), the parser types each marker's
// value into a T at load (Marker.Typed).
func Define[T any](def *Def) Definition[T] {
	typ := reflect.TypeFor[T]()
	switch {
	case typ == reflect.TypeFor[Mark]():
		typ = nil
	case typ == reflect.TypeFor[string]() && !def.Unquote:
		typ = nil
	}
	def.typ = typ
	register(def)
	return Definition[T]{def}
}

// Tag is the marker as written without a value: "+name".
func (d Definition[T]) Tag() string { return "+" + d.Name }

// Is reports whether m is this marker.
func (d Definition[T]) Is(m Marker) bool { return m.Name == d.Name }

// Names reports whether name (as written, without '+') is this marker's.
func (d Definition[T]) Names(name string) bool { return name == d.Name }

// Has reports whether h carries the marker.
func (d Definition[T]) Has(h Holder) bool { return h.MarkerSet().Has(d.Name) }

// Marker returns the last of h's markers of this definition; later markers
// win, as in code-generator.
func (d Definition[T]) Marker(h Holder) (Marker, bool) { return h.MarkerSet().Get(d.Name) }

// Markers returns every marker of this definition on h, in source order.
func (d Definition[T]) Markers(h Holder) []Marker { return h.MarkerSet().All(d.Name) }

// On returns the value of the last marker of this definition on h, and
// whether there is one with a value: a marker whose value was refused at
// load has none.
func (d Definition[T]) On(h Holder) (T, bool) {
	m, ok := d.Marker(h)
	if !ok {
		var zero T
		return zero, false
	}
	return d.Value(m)
}

// All returns the values of every marker of this definition on h, in
// source order, those refused at load left out.
func (d Definition[T]) All(h Holder) []T {
	var out []T
	for _, m := range d.Markers(h) {
		if v, ok := d.Value(m); ok {
			out = append(out, v)
		}
	}
	return out
}

// Value returns m's value as a T: its typed value, or for a Mark or text
// marker, Mark{} or the text as written.
func (d Definition[T]) Value(m Marker) (T, bool) {
	if v, ok := m.Typed.(T); ok {
		return v, true
	}
	var zero T
	if d.typ == nil {
		switch p := any(&zero).(type) {
		case *Mark:
			return zero, true
		case *string:
			*p = m.Value
			return zero, true
		}
	}
	return zero, false
}

// ValidationGen reports whether the marker is of validation-gen's dialect
// (+k8s: tags and options), which the validation generator reads.
func (d *Def) ValidationGen() bool { return d.Dialect == validationGen }

// Definer is any Definition, whatever its T: what a generator declares it
// reads (gen.Generator.Markers).
type Definer interface {
	Definition() *Def
}

// Definition returns the definition itself; a Definition[T] has it
// through its *Def.
func (d *Def) Definition() *Def { return d }

// Sorted returns the definitions sorted by name, each once.
func Sorted(defs ...Definer) []Definer {
	out := slices.Clone(defs)
	slices.SortFunc(out, func(a, b Definer) int { return strings.Compare(a.Definition().Name, b.Definition().Name) })
	return slices.CompactFunc(out, func(a, b Definer) bool { return a.Definition() == b.Definition() })
}

// String is the marker's name, without '+'.
func (d *Def) String() string { return d.Name }
