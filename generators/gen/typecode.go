package gen

import (
	"go/types"

	"github.com/dave/jennifer/jen"
)

// TypeCode renders a type as Go source with qualified names, so that the
// writer adds the imports.
func TypeCode(t types.Type) *jen.Statement {
	switch t := t.(type) {
	case *types.Alias:
		return qualified(t.Obj())
	case *types.Named:
		return qualified(t.Obj())
	case *types.Basic:
		return jen.Id(t.Name())
	case *types.Pointer:
		return jen.Op("*").Add(TypeCode(t.Elem()))
	case *types.Slice:
		return jen.Index().Add(TypeCode(t.Elem()))
	case *types.Map:
		return jen.Map(TypeCode(t.Key())).Add(TypeCode(t.Elem()))
	case *types.Array:
		return jen.Index(jen.Lit(int(t.Len()))).Add(TypeCode(t.Elem()))
	}
	return jen.Id(types.TypeString(t, nil))
}

func qualified(obj *types.TypeName) *jen.Statement {
	if obj.Pkg() == nil {
		return jen.Id(obj.Name())
	}
	return jen.Qual(obj.Pkg().Path(), obj.Name())
}
