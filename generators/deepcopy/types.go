package deepcopy

import (
	"fmt"
	"go/types"
	"strconv"

	"github.com/dave/jennifer/jen"
)

// holdsNoReferences reports whether assigning a value of t is a deep copy:
// no pointer, slice, map, interface, chan or func is reachable through its
// fields and array elements. time.Time counts as such a value: its
// *time.Location is shared by design (metav1.Time copies it by assignment).
// Blank fields are ignored; nothing can reach them.
func (idx *index) holdsNoReferences(t types.Type) bool {
	t = types.Unalias(t)
	if known, ok := idx.noReferences[t]; ok {
		return known
	}
	idx.noReferences[t] = false // a value type cannot contain itself; this only guards the recursion
	result := idx.computeNoReferences(t)
	idx.noReferences[t] = result
	return result
}

func (idx *index) computeNoReferences(t types.Type) bool {
	switch t := t.(type) {
	case *types.Basic:
		return t.Kind() != types.UnsafePointer && t.Kind() != types.Invalid
	case *types.Named:
		return isTimeTime(t) || idx.holdsNoReferences(t.Underlying())
	case *types.TypeParam:
		return idx.admitsOnlyValues(t.Constraint())
	case *types.Array:
		return t.Len() == 0 || idx.holdsNoReferences(t.Elem())
	case *types.Struct:
		for field := range t.Fields() {
			if field.Name() != "_" && !idx.holdsNoReferences(field.Type()) {
				return false
			}
		}
		return true
	default:
		return false
	}
}

// admitsOnlyValues reports whether every type in a constraint's type set holds
// no references. The type set is the intersection of the constraint's
// embedded elements, so one element made only of such types is enough.
func (idx *index) admitsOnlyValues(constraint types.Type) bool {
	iface, ok := constraint.Underlying().(*types.Interface)
	if !ok {
		return false
	}
	for i := range iface.NumEmbeddeds() {
		switch e := iface.EmbeddedType(i).(type) {
		case *types.Union:
			if idx.unionHoldsNoReferences(e) {
				return true
			}
		default:
			if types.IsInterface(e) {
				if idx.admitsOnlyValues(e) {
					return true
				}
			} else if idx.holdsNoReferences(e) {
				return true
			}
		}
	}
	return false
}

func (idx *index) unionHoldsNoReferences(u *types.Union) bool {
	for i := range u.Len() {
		term := u.Term(i).Type()
		if types.IsInterface(term) || !idx.holdsNoReferences(term) {
			return false
		}
	}
	return true
}

// typeParamDeepCopy reports whether the constraint of tp has DeepCopy() T.
func typeParamDeepCopy(tp *types.TypeParam) bool {
	obj, _, _ := types.LookupFieldOrMethod(tp, false, nil, "DeepCopy")
	method, ok := obj.(*types.Func)
	if !ok {
		return false
	}
	sig := method.Signature()
	return sig.Params().Len() == 0 && sig.Results().Len() == 1 && types.Identical(sig.Results().At(0).Type(), tp)
}

func isTimeTime(n *types.Named) bool {
	obj := n.Obj()
	return obj.Pkg() != nil && obj.Pkg().Path() == "time" && obj.Name() == "Time"
}

// kindName names the kind of an underlying type for messages.
func kindName(u types.Type) string {
	switch u := u.(type) {
	case *types.Pointer:
		return "pointers"
	case *types.Array:
		return "arrays"
	case *types.Interface:
		return "interfaces"
	case *types.Signature:
		return "funcs"
	case *types.Chan:
		return "chans"
	case *types.Basic:
		return u.Name() + "s"
	default:
		return fmt.Sprintf("%T", u)
	}
}

// typeCode renders t; jen.Qual writes every outside name, so the file's
// imports follow from the code.
func typeCode(t types.Type) *jen.Statement {
	switch t := types.Unalias(t).(type) {
	case *types.Named:
		if t.TypeParams().Len() > 0 && t.TypeArgs().Len() == 0 {
			return selfType(t) // the generic type itself, inside its own methods
		}
		code := qualifiedName(t.Obj())
		if args := t.TypeArgs(); args.Len() > 0 {
			var list []jen.Code
			for arg := range args.Types() {
				list = append(list, typeCode(arg))
			}
			code = code.Types(list...)
		}
		return code
	case *types.TypeParam:
		return jen.Id(t.Obj().Name())
	case *types.Basic:
		return jen.Id(t.Name())
	case *types.Pointer:
		return jen.Op("*").Add(typeCode(t.Elem()))
	case *types.Slice:
		return jen.Index().Add(typeCode(t.Elem()))
	case *types.Array:
		return jen.Index(jen.Lit(int(t.Len()))).Add(typeCode(t.Elem()))
	case *types.Map:
		return jen.Map(typeCode(t.Key())).Add(typeCode(t.Elem()))
	case *types.Struct:
		return structTypeCode(t)
	case *types.Interface:
		if t.Empty() {
			return jen.Any()
		}
	}
	// Only reached for types that are reported as not copyable before any code is written.
	return jen.Id(types.TypeString(t, nil))
}

func qualifiedName(obj *types.TypeName) *jen.Statement {
	if obj.Pkg() == nil {
		return jen.Id(obj.Name()) // error, comparable
	}
	return jen.Qual(obj.Pkg().Path(), obj.Name())
}

// structTypeCode renders an anonymous struct type exactly, tags included,
// since a struct type's identity depends on its tags.
func structTypeCode(s *types.Struct) *jen.Statement {
	var fields []jen.Code
	for i := range s.NumFields() {
		field := s.Field(i)
		var code *jen.Statement
		if field.Embedded() {
			code = typeCode(field.Type())
		} else {
			code = jen.Id(field.Name()).Add(typeCode(field.Type()))
		}
		if tag := s.Tag(i); tag != "" {
			code = code.Op(strconv.Quote(tag))
		}
		fields = append(fields, code)
	}
	return jen.Struct(fields...)
}

// typeString writes a type for messages, naming other packages by their name.
func typeString(t types.Type, from *types.Package) string {
	return types.TypeString(t, func(pkg *types.Package) string {
		if pkg == from {
			return ""
		}
		return pkg.Name()
	})
}
