// Package markers is the typed registry of comment markers ("+name=value")
// that metagen reads: its own +metagen: namespace and the dialects users
// already write (code-generator, validation-gen, kube-openapi, kubebuilder).
//
// Parsing turns comment lines into a Set of Markers, each tied to its Def and
// its source position. Problems (unknown or misspelled markers, markers on the
// wrong kind of target, bad values) come back as positioned errors.
package markers

import (
	"errors"
	"go/token"
	"reflect"
	"strings"

	"github.com/metagen-dev/metagen/generators/diag"
)

// Target is the kind of declaration a marker is written on.
type Target uint8

const (
	OnPackage Target = 1 << iota
	OnType
	OnField
	// OnConst is a constant declaration, where validation-gen reads
	// +k8s:enumExclude; the validation generator parses those comments.
	OnConst
	// OnFunc is a function declaration, where conversion-gen reads
	// +k8s:conversion-fn on hand-written Convert_ functions; the conversion
	// generator parses those comments.
	OnFunc
)

func (t Target) String() string {
	var names []string
	for _, each := range []struct {
		bit  Target
		name string
	}{{OnPackage, "package"}, {OnType, "type"}, {OnField, "field"}, {OnConst, "constant"}, {OnFunc, "function"}} {
		if t&each.bit != 0 {
			names = append(names, each.name)
		}
	}
	return strings.Join(names, ", ")
}

// ValueKind says what may follow the '=' of a marker.
type ValueKind uint8

const (
	// Flag takes no value: "+genclient".
	Flag ValueKind = iota
	// Bool takes true or false; a bare marker means true.
	Bool
	// String takes any non-empty text.
	String
	// Int takes a whole number.
	Int
	// Number takes a decimal number.
	Number
	// Enum takes one of Def.Values.
	Enum
	// List takes a comma-separated list of Def.Values, or of anything when Values is empty.
	List
	// Raw accepts anything, including nothing; the reader interprets it.
	Raw
)

// Def declares one marker.
type Def struct {
	// Name is written without the leading '+', e.g. "k8s:deepcopy-gen".
	Name    string
	Targets Target
	Kind    ValueKind
	Values  []string // the allowed values of Enum and List
	// Args is set for controller-tools style markers that take
	// "+name:key=value,key=value" arguments after the name.
	Args bool
	// ColonEquals is set for the markers controller-tools reads that take
	// one value, where it reads "+name:=value" as "+name=value". On an Args
	// marker (+kubebuilder:validation:items) it allows "+name:Word:=value".
	ColonEquals bool
	// Dialect names where the marker comes from. Which generators read it
	// is what they declare (gen.Generator.Markers), not said here.
	Dialect string
	// Doc is the marker's help.
	Doc string
	// Check, when set, validates the value further for a target.
	Check func(target Target, value string) error
	// Severity is what a refused value of the marker does to the run.
	Severity Severity
	// RelativePath is set for a value that is a path relative to the
	// package directory (+metagen:crd-dir): it must not be absolute, and
	// the loader checks that it stays inside the module, symlinks resolved.
	RelativePath bool
	// Unquote is set for a text value that may be Go-quoted ("…" or `…`):
	// kubebuilder's, as controller-tools reads them, and the text-valued
	// options validation reads (a type, a path, a key). Its typed value is
	// the text unquoted.
	Unquote bool
	// Count is set for a whole number that is a length, size or count: it
	// may not be negative.
	Count bool
	// typ is the Go type the value is parsed into (Define's T), nil for a
	// marker whose value is text as written or which takes none.
	typ reflect.Type
}

// Marker is one marker read from a comment.
type Marker struct {
	Def *Def
	// Name is the marker name as written, without '+', arguments or value.
	Name string
	// Param is the text inside parentheses after the name: "+k8s:ifEnabled(Gate)=…".
	Param string
	// Args is the text after "name:" for Def.Args markers.
	Args string
	// Value is the text after '='; HasValue tells "+x" from "+x=".
	Value    string
	HasValue bool
	// Typed is the value parsed at load into Def.ValueType() (read it
	// with Value or Typed); nil for a marker without one or whose value
	// was refused.
	Typed any
	// Err is the problem with a refused value, as ParseGroups reported it,
	// for a reader of markers the load does not check (other modules').
	Err error
	Pos token.Position
}

// String renders the marker as it was written, "+name:=value" as "+name=value".
func (m Marker) String() string {
	var b strings.Builder
	b.WriteString("+" + m.Name)
	if m.Param != "" {
		b.WriteString("(" + m.Param + ")")
	}
	if m.Args != "" {
		b.WriteString(":" + m.Args)
	}
	if m.HasValue {
		b.WriteString("=" + m.Value)
	}
	return b.String()
}

// Bool reads a Bool marker's value: a bare marker is true.
func (m Marker) Bool() bool { return !m.HasValue || m.Value == "true" }

// list splits a List marker's value, once, at load: its typed value
// ([]string) is what a generator reads.
func (m Marker) list() []string {
	var out []string
	for _, item := range strings.Split(m.Value, ",") {
		if item = strings.TrimSpace(item); item != "" {
			out = append(out, item)
		}
	}
	return out
}

// Set is the markers of one declaration, in source order.
type Set []Marker

// Get returns the last marker with the given name; later markers win, as in code-generator.
func (s Set) Get(name string) (Marker, bool) {
	for i := len(s) - 1; i >= 0; i-- {
		if s[i].Name == name {
			return s[i], true
		}
	}
	return Marker{}, false
}

// Has reports whether a marker with the given name is present.
func (s Set) Has(name string) bool {
	_, ok := s.Get(name)
	return ok
}

// All returns every marker with the given name, in source order.
func (s Set) All(name string) []Marker {
	var out []Marker
	for _, m := range s {
		if m.Name == name {
			out = append(out, m)
		}
	}
	return out
}

// problem records on a marker error the name of the marker it concerns
// (for a misspelling, the marker meant), so that a run makes it an error
// only when one of its generators reads that marker (Demote).
func problem(err error, name string) error {
	if e, ok := err.(*diag.Error); ok {
		e.Marker = name
	}
	return err
}

// Demote turns the problems of markers no generator of a run reads (reads
// reports whether one does) into positioned warnings: a misspelled
// +kubebuilder:default does not stop a run that only writes deepcopy
// functions. Other problems are returned as they are.
func Demote(problems []error, reads func(marker string) bool) []error {
	if reads == nil {
		return problems
	}
	out := make([]error, len(problems))
	for i, err := range problems {
		out[i] = err
		var e *diag.Error
		if errors.As(err, &e) && e.Marker != "" && !reads(e.Marker) {
			out[i] = diag.Warnf(e.Pos, "%s (a warning in this run: none of its generators reads +%s)", e.Msg, e.Marker)
		}
	}
	return out
}
