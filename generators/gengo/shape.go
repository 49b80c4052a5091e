// Package gengo is gengo's view of Go declarations, which the
// code-generator tools metagen replaces see: type kinds, where a named type
// of a basic, map or slice type is an "alias" of that anonymous type, and
// body lines. Comment lines as gengo reads them are the model's comment
// index's (model.Comments.CommentLines, SecondClosestCommentLines).
package gengo

import "go/types"

// Kind is how gengo classifies a type, which decides how defaulter-gen
// walks it: a named type whose underlying type is a basic type, a map or a
// slice is an "alias" of that anonymous type; other named types take the
// kind of their underlying type.
type Kind int

const (
	KindOther Kind = iota
	KindBuiltin
	KindAlias
	KindPointer
	KindSlice
	KindArray
	KindMap
	KindStruct
)

// Shape returns t's gengo kind and, for aliases, pointers, slices, arrays
// and maps, the type inside (the underlying type or the element).
func Shape(t types.Type) (Kind, types.Type) {
	switch t := t.(type) {
	case *types.Alias:
		return KindAlias, t.Rhs()
	case *types.Named:
		switch u := t.Underlying().(type) {
		case *types.Basic, *types.Map, *types.Slice:
			return KindAlias, u
		case *types.Pointer:
			return KindPointer, u.Elem()
		case *types.Array:
			return KindArray, u.Elem()
		case *types.Struct:
			return KindStruct, nil
		}
		return KindOther, nil
	case *types.Basic:
		return KindBuiltin, nil
	case *types.Pointer:
		return KindPointer, t.Elem()
	case *types.Slice:
		return KindSlice, t.Elem()
	case *types.Array:
		return KindArray, t.Elem()
	case *types.Map:
		return KindMap, t.Elem()
	case *types.Struct:
		return KindStruct, nil
	}
	return KindOther, nil
}

// Resolve follows aliases and pointers to the base type, counting pointers
// (defaulter-gen's resolveTypeAndDepth).
func Resolve(t types.Type) (types.Type, int) {
	depth := 0
	for {
		k, next := Shape(t)
		switch k {
		case KindAlias:
			t = next
		case KindPointer:
			t = next
			depth++
		default:
			return t, depth
		}
	}
}

// PointerPath lists the types the pointers of t point to, outermost first
// (defaulter-gen's getPointerElementPath).
func PointerPath(t types.Type) []types.Type {
	var path []types.Type
	for {
		k, next := Shape(t)
		switch k {
		case KindAlias:
			t = next
		case KindPointer:
			t = next
			path = append(path, t)
		default:
			return path
		}
	}
}

// Key identifies a type across packages, as gengo's unique type values do.
func Key(t types.Type) string { return types.TypeString(t, nil) }

// NamedObject is the declaration of a named type or alias, or nil.
func NamedObject(t types.Type) *types.TypeName {
	switch t := t.(type) {
	case *types.Named:
		return t.Obj()
	case *types.Alias:
		return t.Obj()
	}
	return nil
}

// PackagePath is gengo's Name.Package: the package of a named type, else "".
func PackagePath(t types.Type) string {
	if obj := NamedObject(t); obj != nil && obj.Pkg() != nil {
		return obj.Pkg().Path()
	}
	return ""
}

// ZeroValues are defaulter-gen's typeZeroValue: a default equal to the zero
// value of these types is not generated, and it is what a primitive is
// compared with.
var ZeroValues = map[string]any{
	"uint": 0., "uint8": 0., "uint16": 0., "uint32": 0., "uint64": 0.,
	"int": 0., "int8": 0., "int16": 0., "int32": 0., "int64": 0.,
	"byte": 0., "float64": 0., "float32": 0.,
	"bool": false, "time.Time": "", "string": "",
	"integer": 0., "number": 0., "boolean": false,
	"[]byte":      "",
	"interface{}": nil,
}
