package conversion

import (
	"go/types"

	"github.com/metagen-dev/metagen/generators/gengo"
)

// memoryEquality is conversion-gen's equalMemoryTypes: two types have the
// same memory layout when, behind aliases, they are the same type, or
// structs whose fields have pairwise equal layouts (names are not
// compared), or pointers, maps and slices of equal layouts, or basic types
// of the same name. A pair with a hand-written conversion that is not
// copy-only never is, nor any interface.
type memoryEquality struct {
	cache map[pair]bool
}

func newMemoryEquality(manual map[pair]*function) *memoryEquality {
	e := &memoryEquality{cache: map[pair]bool{}}
	for key, fn := range manual {
		if !fn.copyOnly {
			e.cache[key] = false
			e.cache[pair{key.out, key.in}] = false
		}
	}
	return e
}

// Equal is the rule for two types.
func (e *memoryEquality) Equal(a, b types.Type) bool {
	equal, _ := e.cachingEqual(a, b, nil)
	return equal
}

// equalUnwrapped is the rule for the copies conversion-gen makes of a
// field's alias types (the underlying type under the alias's name): they
// are never the same type and never cached, and basic types compare by
// the alias names.
func (e *memoryEquality) equalUnwrapped(a, b types.Type) bool {
	in, out := unwrapAlias(a), unwrapAlias(b)
	inKind, _ := gengo.Shape(in)
	outKind, _ := gengo.Shape(out)
	if inKind != outKind {
		return false
	}
	if inKind == gengo.KindBuiltin {
		return typeName(a) == typeName(b)
	}
	equal, _ := e.equalKinds(in, out, inKind, []string{gengo.Key(a)})
	return equal
}

func typeName(t types.Type) string {
	if obj := gengo.NamedObject(t); obj != nil {
		return obj.Name()
	}
	return types.TypeString(t, nil)
}

func (e *memoryEquality) cachingEqual(a, b types.Type, visiting []string) (equal, cacheable bool) {
	if types.Identical(a, b) {
		return true, true
	}
	if equal, ok := e.cache[pairOf(a, b)]; ok {
		return equal, true
	}
	if equal, ok := e.cache[pairOf(b, a)]; ok {
		return equal, true
	}
	equal, cacheable = e.equal(a, b, visiting)
	if cacheable {
		e.cache[pairOf(a, b)] = equal
		e.cache[pairOf(b, a)] = equal
	}
	return equal, cacheable
}

func (e *memoryEquality) equal(a, b types.Type, visiting []string) (equal, cacheable bool) {
	in, out := unwrapAlias(a), unwrapAlias(b)
	if types.Identical(in, out) {
		return true, true
	}
	inKind, _ := gengo.Shape(in)
	outKind, _ := gengo.Shape(out)
	if inKind != outKind {
		return false, true
	}
	for _, v := range visiting {
		if v == gengo.Key(in) {
			return true, false // recursion: equal so far
		}
	}
	return e.equalKinds(in, out, inKind, append(visiting, gengo.Key(in)))
}

func (e *memoryEquality) equalKinds(in, out types.Type, kind gengo.Kind, visiting []string) (equal, cacheable bool) {
	switch kind {
	case gengo.KindStruct:
		inStruct, outStruct := in.Underlying().(*types.Struct), out.Underlying().(*types.Struct)
		if inStruct.NumFields() != outStruct.NumFields() {
			return false, true
		}
		cacheable = true
		for i := range inStruct.NumFields() {
			fieldEqual, fieldCacheable := e.cachingEqual(inStruct.Field(i).Type(), outStruct.Field(i).Type(), visiting)
			if !fieldEqual {
				return false, true
			}
			cacheable = cacheable && fieldCacheable
		}
		return true, cacheable
	case gengo.KindPointer:
		return e.cachingEqual(elem(in), elem(out), visiting)
	case gengo.KindMap:
		keyEqual, keyCacheable := e.cachingEqual(in.Underlying().(*types.Map).Key(), out.Underlying().(*types.Map).Key(), visiting)
		valueEqual, valueCacheable := e.cachingEqual(elem(in), elem(out), visiting)
		return keyEqual && valueEqual, keyCacheable && valueCacheable
	case gengo.KindSlice:
		return e.cachingEqual(elem(in), elem(out), visiting)
	case gengo.KindBuiltin:
		return in.(*types.Basic).Name() == out.(*types.Basic).Name(), true
	}
	return false, true
}

// unwrapAlias follows gengo aliases (named basic, map and slice types, and
// Go aliases) to the anonymous type.
func unwrapAlias(t types.Type) types.Type {
	for {
		k, next := gengo.Shape(t)
		if k != gengo.KindAlias {
			return t
		}
		t = next
	}
}

// elem is the element of a pointer, slice, array or map, behind a name.
func elem(t types.Type) types.Type {
	_, inner := gengo.Shape(unwrapAlias(t))
	return inner
}

// isPrimitive is gengo's IsPrimitive: a basic type, or an alias of one.
func isPrimitive(t types.Type) bool {
	k, _ := gengo.Shape(unwrapAlias(t))
	return k == gengo.KindBuiltin
}

// isAssignable is gengo's IsAssignable: a primitive, or a struct of assignable fields.
func isAssignable(t types.Type) bool {
	if isPrimitive(t) {
		return true
	}
	if k, _ := gengo.Shape(t); k != gengo.KindStruct {
		return false
	}
	s := t.Underlying().(*types.Struct)
	for i := range s.NumFields() {
		if !isAssignable(s.Field(i).Type()) {
			return false
		}
	}
	return true
}

// isDirectlyAssignable is conversion-gen's package-level rule for elements.
func isDirectlyAssignable(in, out types.Type) bool {
	return isAssignable(in) && (isPrimitive(in) || gengo.PackagePath(in) == gengo.PackagePath(out))
}
