package deepcopy

import (
	"fmt"
	"go/types"

	"github.com/metagen-dev/metagen/generators/gen"
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

// copyTypes is how deepcopy-gen writes types: aliases resolved (gengo
// resolves them), the empty interface as any.
var copyTypes = gen.TypeStyle{Unalias: true, EmptyInterface: "any"}

// typeString writes a type for messages, naming other packages by their name.
func typeString(t types.Type, from *types.Package) string {
	return types.TypeString(t, func(pkg *types.Package) string {
		if pkg == from {
			return ""
		}
		return pkg.Name()
	})
}
