package gen

import (
	"go/types"
	"strconv"

	"github.com/dave/jennifer/jen"

	"github.com/metagen-dev/metagen/generators/model"
)

// TypeCode renders a type as Go source with qualified names, so that the
// writer adds the imports; aliases and the empty interface are written as
// declared (TypeStyle's zero value), as conversion-gen, defaulter-gen and
// validation-gen write them.
func TypeCode(t types.Type) *jen.Statement { return TypeStyle{}.Code(t) }

// TypeStyle is how TypeStyle.Code writes what Go lets one write more than
// one way; the zero value writes types as they are declared.
type TypeStyle struct {
	// Unalias writes an alias as the type it stands for, as deepcopy-gen
	// and applyconfiguration-gen do (gengo resolves aliases); otherwise an
	// alias keeps its name.
	Unalias bool
	// EmptyInterface is how the empty interface is written: "any",
	// "interface{}" (as applyconfiguration-gen writes it), or "" as
	// declared (any for any, interface{} for interface{}).
	EmptyInterface string
}

// Code renders t as Go source: named types (and aliases, unless Unalias)
// qualified by their package path for jen.Qual, with their type arguments;
// a generic type itself, not instantiated, with its type parameters (as a
// method of it names its receiver: Pair[K, V]); anonymous structs with
// their fields and tags, since a struct type's identity depends on its
// tags. The types no API field has (funcs, chans, interfaces with methods)
// are written by go/types, naming packages by their names.
func (s TypeStyle) Code(t types.Type) *jen.Statement {
	if s.Unalias {
		t = types.Unalias(t)
	}
	switch t := t.(type) {
	case *types.Alias:
		return s.withArgs(qualified(t.Obj()), t.TypeArgs())
	case *types.Named:
		if params := t.TypeParams(); params.Len() > 0 && t.TypeArgs().Len() == 0 {
			names := make([]jen.Code, params.Len())
			for i := range names {
				names[i] = jen.Id(params.At(i).Obj().Name())
			}
			return qualified(t.Obj()).Types(names...)
		}
		return s.withArgs(qualified(t.Obj()), t.TypeArgs())
	case *types.TypeParam:
		return jen.Id(t.Obj().Name())
	case *types.Basic:
		return jen.Id(t.Name())
	case *types.Pointer:
		return jen.Op("*").Add(s.Code(t.Elem()))
	case *types.Slice:
		return jen.Index().Add(s.Code(t.Elem()))
	case *types.Map:
		return jen.Map(s.Code(t.Key())).Add(s.Code(t.Elem()))
	case *types.Array:
		return jen.Index(jen.Lit(int(t.Len()))).Add(s.Code(t.Elem()))
	case *types.Struct:
		return s.structCode(t)
	case *types.Interface:
		switch {
		case !t.Empty():
		case s.EmptyInterface == "any":
			return jen.Any()
		case s.EmptyInterface == "interface{}":
			return jen.Interface()
		}
	}
	return jen.Id(types.TypeString(t, func(p *types.Package) string { return p.Name() }))
}

func (s TypeStyle) withArgs(code *jen.Statement, args *types.TypeList) *jen.Statement {
	if args.Len() == 0 {
		return code
	}
	list := make([]jen.Code, 0, args.Len())
	for arg := range args.Types() {
		list = append(list, s.Code(arg))
	}
	return code.Types(list...)
}

// structCode writes an anonymous struct type exactly: each field, embedded
// or named, with its tag as written.
func (s TypeStyle) structCode(st *types.Struct) *jen.Statement {
	var fields []jen.Code
	for _, f := range model.FieldsOf(st) {
		var code *jen.Statement
		if f.Embedded {
			code = s.Code(f.Type())
		} else {
			code = jen.Id(f.GoName).Add(s.Code(f.Type()))
		}
		if f.Tag != "" {
			code = code.Op(strconv.Quote(f.Tag))
		}
		fields = append(fields, code)
	}
	return jen.Struct(fields...)
}

func qualified(obj *types.TypeName) *jen.Statement {
	if obj.Pkg() == nil {
		return jen.Id(obj.Name()) // error, comparable, any
	}
	return jen.Qual(obj.Pkg().Path(), obj.Name())
}
