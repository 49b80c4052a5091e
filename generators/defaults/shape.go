package defaults

import "go/types"

// kind is how gengo classifies a type, which decides how defaulter-gen
// walks it: a named type whose underlying type is a basic type, a map or a
// slice is an "alias" of that anonymous type; other named types take the
// kind of their underlying type.
type kind int

const (
	kindOther kind = iota
	kindBuiltin
	kindAlias
	kindPointer
	kindSlice
	kindArray
	kindMap
	kindStruct
)

// shape returns t's gengo kind and, for aliases, pointers, slices, arrays
// and maps, the type inside (the underlying type or the element).
func shape(t types.Type) (kind, types.Type) {
	switch t := t.(type) {
	case *types.Alias:
		return kindAlias, t.Rhs()
	case *types.Named:
		switch u := t.Underlying().(type) {
		case *types.Basic, *types.Map, *types.Slice:
			return kindAlias, u
		case *types.Pointer:
			return kindPointer, u.Elem()
		case *types.Array:
			return kindArray, u.Elem()
		case *types.Struct:
			return kindStruct, nil
		}
		return kindOther, nil
	case *types.Basic:
		return kindBuiltin, nil
	case *types.Pointer:
		return kindPointer, t.Elem()
	case *types.Slice:
		return kindSlice, t.Elem()
	case *types.Array:
		return kindArray, t.Elem()
	case *types.Map:
		return kindMap, t.Elem()
	case *types.Struct:
		return kindStruct, nil
	}
	return kindOther, nil
}

// resolve follows aliases and pointers to the base type, counting pointers
// (defaulter-gen's resolveTypeAndDepth).
func resolve(t types.Type) (types.Type, int) {
	depth := 0
	for {
		k, next := shape(t)
		switch k {
		case kindAlias:
			t = next
		case kindPointer:
			t = next
			depth++
		default:
			return t, depth
		}
	}
}

// pointerPath lists the types the pointers of t point to, outermost first
// (defaulter-gen's getPointerElementPath).
func pointerPath(t types.Type) []types.Type {
	var path []types.Type
	for {
		k, next := shape(t)
		switch k {
		case kindAlias:
			t = next
		case kindPointer:
			t = next
			path = append(path, t)
		default:
			return path
		}
	}
}

// key identifies a type across packages, as gengo's unique type values do.
func key(t types.Type) string { return types.TypeString(t, nil) }

// namedObject is the declaration of a named type or alias, or nil.
func namedObject(t types.Type) *types.TypeName {
	switch t := t.(type) {
	case *types.Named:
		return t.Obj()
	case *types.Alias:
		return t.Obj()
	}
	return nil
}

// packagePath is gengo's Name.Package: the package of a named type, else "".
func packagePath(t types.Type) string {
	if obj := namedObject(t); obj != nil && obj.Pkg() != nil {
		return obj.Pkg().Path()
	}
	return ""
}

// zeroValues are defaulter-gen's typeZeroValue: a default equal to the zero
// value of these types is not generated, and it is what a primitive is
// compared with.
var zeroValues = map[string]any{
	"uint": 0., "uint8": 0., "uint16": 0., "uint32": 0., "uint64": 0.,
	"int": 0., "int8": 0., "int16": 0., "int32": 0., "int64": 0.,
	"byte": 0., "float64": 0., "float32": 0.,
	"bool": false, "time.Time": "", "string": "",
	"integer": 0., "number": 0., "boolean": false,
	"[]byte":      "",
	"interface{}": nil,
}
