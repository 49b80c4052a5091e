// Package model is the typed view of the input packages that every generator
// reads: packages, named types, struct fields, doc comments and markers, each
// with its source position. It is built once per run by package load.
package model

import (
	"go/ast"
	"go/token"
	"go/types"
	"path/filepath"
	"reflect"
	"strings"

	"github.com/metagen-dev/metagen/generators/markers"
)

// Universe is everything one load produced.
type Universe struct {
	// Fset holds the positions of the input packages, and the file and line
	// of every declaration in the dependencies read from export data.
	Fset *token.FileSet
	// Packages are the input packages, sorted by import path.
	Packages []*Package
	// ModuleDir is the root directory of the main module; nothing is written outside it.
	ModuleDir string
	// ModuleDirs are the roots of every main module with input packages
	// (more than one in a go.work workspace), sorted; output stays inside them.
	ModuleDirs []string
	// Comments is the run's one comment index: the comments and markers
	// above every declaration, of the input packages and, parsed on first
	// use, of the dependencies.
	Comments *Comments
	// Settings are the run's command-line choices.
	Settings Settings
	// LayerErrors are the conflicts the Kubernetes layer found (two markers
	// that disagree), positioned; the pipeline reports them once.
	LayerErrors []error
	// Kinds are the layer's kinds: the root types of the input packages
	// grouped by group and kind, sorted by group, then kind.
	Kinds []*Kind
	// Warnings are the load's harmless problems (*diag.Warning), sorted.
	Warnings []error
	// Peers are the packages besides the inputs that conversion-gen and
	// defaulter-gen load themselves, as the inputs' package tags name them
	// (peer packages, external types, base and extra peers, defaulter
	// inputs), whether the inputs import them or not: typed from export
	// data in the inputs' type universe, by import path. Loaded when a
	// selected generator reads them (gen.Generator.LoadsPeers).
	Peers map[string]*types.Package
	// PeerErrors say why a named package could not be loaded (it does not
	// exist, or does not parse); the generator that reads it reports that
	// at its marker.
	PeerErrors map[string]error
}

// Package is one input package.
type Package struct {
	Path string // import path
	Name string
	Dir  string // absolute directory
	// ModuleDir is the root of the package's module: in a go.work workspace
	// each input's output is written inside its own module.
	ModuleDir string
	// Types is type-checked from source, without our own generated files.
	Types *types.Package
	Info  *types.Info
	// Syntax holds the parsed hand-written files, sorted by file name.
	Syntax []*ast.File
	// Markers are read from the comments above the package clause of every file
	// (as controller-gen reads package markers; code-generator's tools read
	// doc.go's only: GengoMarkers).
	Markers markers.Set
	// NamedTypes are the package's top-level named types, in source order.
	NamedTypes []*Type
	// API is the package as a group version (the Kubernetes layer).
	API GroupVersion
	// GeneratedFiles are the absolute paths of existing files that carry our
	// header. They were left out of type checking so that stale output never
	// breaks a load.
	GeneratedFiles []string
}

// GengoMarkers are the package markers the code-generator tools read: gengo
// takes a package's tags (+groupName, +groupGoName, +k8s:*-gen) from its
// doc.go only, so the same marker in groupversion_info.go is controller-gen's
// (crd, object) and not client-gen's.
func (p *Package) GengoMarkers() markers.Set {
	var out markers.Set
	for _, m := range p.Markers {
		if filepath.Base(m.Pos.Filename) == "doc.go" {
			out = append(out, m)
		}
	}
	return out
}

// Type is one top-level named type declaration.
type Type struct {
	Name    string
	Package *Package
	Object  *types.TypeName
	Pos     token.Position
	Doc     string // doc comment without marker lines
	Markers markers.Set
	// Fields are set for struct types, in declaration order.
	Fields []*Field
	// Resource is set for root types: what the type is as an API resource
	// (the Kubernetes layer).
	Resource *Resource
}

// Named returns the type's go/types representation.
func (t *Type) Named() *types.Named {
	named, _ := t.Object.Type().(*types.Named)
	return named
}

// IsAlias reports whether the declaration is a type alias (type A = B).
func (t *Type) IsAlias() bool { return t.Object.IsAlias() }

// StructFields are the fields of the struct behind the type: Fields for a
// struct literal, and for a type defined as another struct type (type
// Gateway v1.Gateway, as gateway-api declares older versions) that
// struct's fields as go/types sees them (FieldsOf), without positions, docs
// or markers, since they are declared elsewhere. Nil when no struct is
// behind, and for an alias, which is the other type rather than a type of
// its own.
func (t *Type) StructFields() []*Field {
	if t.Fields != nil || t.IsAlias() {
		return t.Fields
	}
	st, ok := t.Object.Type().Underlying().(*types.Struct)
	if !ok {
		return nil
	}
	return FieldsOf(st)
}

// FieldsOf is the one view of the fields of any struct type, of the input
// packages or of a dependency typed from export data: what its struct tags
// say, read here once for every generator (no generator parses a struct tag
// itself: TestGeneratorsReadStructTagsThroughTheModel). The fields have no
// position, doc or markers; a dependency's come from the comment index
// (Universe.Comments, by the field's Var.Pos). Each call builds new Fields,
// which the caller may complete.
func FieldsOf(st *types.Struct) []*Field {
	out := make([]*Field, st.NumFields())
	for i := range out {
		out[i] = NewField(st.Field(i), st.Tag(i))
	}
	return out
}

// Field is one field of a struct type.
type Field struct {
	GoName string
	// JSONTagged says whether the struct tag has a json key at all
	// (reflect.StructTag.Lookup's ok: json:"" is tagged, a malformed tag
	// may hide it), JSON is that key's value as written.
	JSONTagged bool
	JSON       string
	// JSONName is the name in the json tag: "" when the tag is absent or
	// names nothing (json:",inline"), "-" when skipped.
	JSONName string
	// JSONOptions are the json tag's options after the name, in order as
	// written (json:"a,omitempty,string": omitempty, string); nil when
	// nothing follows the name.
	JSONOptions []string
	Embedded    bool
	// Inline: encoding/json or the Kubernetes generators flatten the field
	// (an ",inline" option, or embedded with no json name).
	Inline bool
	// OmitEmpty and OmitZero mirror the json tag options.
	OmitEmpty bool
	OmitZero  bool
	// Protobuf, PatchStrategy and PatchMergeKey are the values of the tags
	// of those keys ("" when absent), which openapi-gen's API rules and
	// patch checks read.
	Protobuf      string
	PatchStrategy string
	PatchMergeKey string
	Var           *types.Var
	// Tag is the struct tag as written, for checking its syntax (lint) and
	// for writing the struct type again (gen.TypeCode).
	Tag     string
	Pos     token.Position
	Doc     string
	Markers markers.Set
}

// Type returns the field's type.
func (f *Field) Type() types.Type { return f.Var.Type() }

// NewField describes the struct field v with struct tag tag: its names and
// what its tags say. The caller adds position, doc and markers.
func NewField(v *types.Var, tag string) *Field {
	st := reflect.StructTag(tag)
	json, tagged := st.Lookup("json")
	name, options, _ := strings.Cut(json, ",")
	f := &Field{GoName: v.Name(), JSONTagged: tagged, JSON: json, JSONName: name, Embedded: v.Embedded(), Var: v, Tag: tag,
		// The patch tags' keys are the names of the markers they go with.
		Protobuf: st.Get("protobuf"), PatchStrategy: st.Get(markers.PatchStrategy.Name), PatchMergeKey: st.Get(markers.PatchMergeKey.Name)}
	if options != "" {
		f.JSONOptions = strings.Split(options, ",")
	}
	for _, option := range f.JSONOptions {
		switch option {
		case "inline":
			f.Inline = true
		case "omitempty":
			f.OmitEmpty = true
		case "omitzero":
			f.OmitZero = true
		}
	}
	if f.Embedded && name == "" {
		f.Inline = true // encoding/json flattens untagged embedded structs
	}
	return f
}

// Lookup returns the named type called name, or nil.
func (p *Package) Lookup(name string) *Type {
	for _, t := range p.NamedTypes {
		if t.Name == name {
			return t
		}
	}
	return nil
}
