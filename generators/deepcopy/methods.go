package deepcopy

import (
	"errors"
	"fmt"
	"go/token"
	"go/types"
)

// declared are a named type's DeepCopyInto and DeepCopy methods: written by
// hand in an input package, or any in a dependency's export data.
type declared struct {
	into     bool
	deepCopy bool
	// deepCopyReturnsPointer: DeepCopy() *T rather than DeepCopy() T.
	deepCopyReturnsPointer bool
	// deepCopyHasPointerReceiver: func (in *T) DeepCopy().
	deepCopyHasPointerReceiver bool
}

func (d declared) any() bool { return d.into || d.deepCopy }

// completedBy adds the method this run generates next to a hand-written one:
// deepcopy-gen writes DeepCopy for a hand-written DeepCopyInto and the
// other way round.
func (d declared) completedBy(n *types.Named) declared {
	if !d.deepCopy {
		d.deepCopy = true
		d.deepCopyReturnsPointer = !isReference(n)
		d.deepCopyHasPointerReceiver = !isReference(n)
	}
	d.into = true
	return d
}

// declaredMethods finds n's declared copy methods and checks their
// signatures the way deepcopy-gen does:
//
//	func (t T) DeepCopy() T  or  func (t *T) DeepCopy() *T
//	func (t T) DeepCopyInto(*T)  or  func (t *T) DeepCopyInto(*T)
func declaredMethods(n *types.Named) (declared, error) {
	var d declared
	if n == nil {
		return d, nil
	}
	for i := range n.NumMethods() {
		m := n.Method(i)
		var err error
		switch m.Name() {
		case "DeepCopy":
			err = checkDeepCopy(n, m.Signature())
			d.deepCopy = true
			d.deepCopyReturnsPointer = isPointer(m.Signature().Results().At(0).Type())
			d.deepCopyHasPointerReceiver = isPointer(m.Signature().Recv().Type())
		case "DeepCopyInto":
			err = checkDeepCopyInto(n, m.Signature())
			d.into = true
		}
		if err != nil {
			return declared{}, &methodError{method: m, err: err}
		}
	}
	return d, nil
}

// methodError is a hand-written copy method deepcopy-gen refuses: the error
// is positioned at the method, where it is wrong.
type methodError struct {
	method *types.Func
	err    error
}

func (e *methodError) Error() string { return e.err.Error() }

// errorPos is where the problem of declaredMethods is: the method it
// refuses, else the type.
func errorPos(fset *token.FileSet, err error, typePos token.Position) token.Position {
	var me *methodError
	if errors.As(err, &me) && me.method.Pos().IsValid() {
		return fset.Position(me.method.Pos())
	}
	return typePos
}

func checkDeepCopy(n *types.Named, sig *types.Signature) error {
	name := n.Obj().Name()
	if sig.Params().Len() != 0 || sig.Results().Len() != 1 {
		return fmt.Errorf("invalid DeepCopy signature, want DeepCopy() %s or DeepCopy() *%s", name, name)
	}
	result := sig.Results().At(0).Type()
	if !isNamedOrPointerTo(result, n) {
		return fmt.Errorf("invalid DeepCopy signature, expected to return %s or *%s", name, name)
	}
	if isPointer(sig.Recv().Type()) != isPointer(result) {
		return fmt.Errorf("invalid DeepCopy signature, a *%s receiver must return *%s and a %s receiver %s", name, name, name, name)
	}
	return nil
}

func checkDeepCopyInto(n *types.Named, sig *types.Signature) error {
	name := n.Obj().Name()
	if sig.Params().Len() != 1 || sig.Results().Len() != 0 {
		return fmt.Errorf("invalid DeepCopyInto signature, want DeepCopyInto(*%s) with no result", name)
	}
	param := sig.Params().At(0).Type()
	if !isPointer(param) || !isNamedOrPointerTo(param, n) {
		return fmt.Errorf("invalid DeepCopyInto signature, expected a parameter of type *%s", name)
	}
	return nil
}

// isNamedOrPointerTo reports whether t is n or *n; instances of a generic
// type count as the type itself (a method's receiver has its own type
// parameters).
func isNamedOrPointerTo(t types.Type, n *types.Named) bool {
	if p, ok := t.(*types.Pointer); ok {
		t = p.Elem()
	}
	other, ok := types.Unalias(t).(*types.Named)
	return ok && typeKey(other.Origin().Obj()) == typeKey(n.Origin().Obj())
}

func isPointer(t types.Type) bool {
	_, ok := types.Unalias(t).(*types.Pointer)
	return ok
}
