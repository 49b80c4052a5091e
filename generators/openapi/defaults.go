package openapi

import (
	"encoding/json"
	"go/types"
	"reflect"
	"regexp"
	"strings"

	"k8s.io/kube-openapi/pkg/common"

	"github.com/metagen-dev/metagen/generators/markers"
)

// defaultOf is a field's default, as openapi-gen's generateDefault: the
// first +default found on the field, then on its type (through pointers and
// named types), checked against the default Go's JSON decoding enforces on
// a field that is neither a pointer nor omitted when empty. declared
// reports whether the default was written in a marker.
func (b *builder) defaultOf(c comment, t types.Type, omitEmpty bool, owner string) (value any, declared bool) {
	marker, value, found := b.declaredDefault(c, t, owner)
	declared = found && value != nil
	enforced, err := b.enforcedDefault(t, omitEmpty)
	if err != "" {
		b.errorf(c.Pos, "%s", err)
		return nil, false
	}
	if _, isSymbol := value.(symbol); enforced != nil && !isSymbol {
		if !declared {
			return enforced, false
		}
		if !reflect.DeepEqual(value, enforced) {
			want, _ := json.Marshal(enforced)
			b.errorf(marker.Pos, "%s: a field that is neither a pointer nor omitempty always decodes to its zero value; its default must be %s", marker, want)
		}
	}
	return value, declared
}

// declaredDefault walks from the field's comment to the comments of its
// type and of the types behind it, and parses the first +default found.
// ref(Name) refers to the package of the comment: owner, the package of the
// struct, for the field's own comment.
func (b *builder) declaredDefault(c comment, t types.Type, owner string) (markers.Marker, any, bool) {
	set, path := c.Markers, owner
	next := t
	for {
		if m, ok := b.singleDefault(set); ok && m.Value != "" {
			value, ok := b.parseDefault(m, path)
			return m, value, ok
		}
		if next == nil {
			return markers.Marker{}, nil, false
		}
		set, path = nil, ""
		next = b.behind(next, &set, &path)
	}
}

// behind reads the comment of a named type into set and path and returns
// the type openapi-gen looks at next: a pointer's element, nothing after a
// named type. Unless compat, B follows A in type A B, whose schema is B's
// with A's markers added, as controller-gen builds it.
func (b *builder) behind(t types.Type, set *markers.Set, path *string) types.Type {
	switch u := types.Unalias(t).(type) {
	case *types.Pointer:
		return u.Elem()
	case *types.Named:
		if u.Obj().Pkg() != nil {
			*set = b.typeComment(u.Obj()).Markers
			*path = u.Obj().Pkg().Path()
		}
		if ptr, ok := u.Underlying().(*types.Pointer); ok {
			return ptr.Elem()
		}
		if !b.compat {
			if base := b.g.comments.DeclaredBase(u.Obj()); base != nil {
				return base
			}
		}
	}
	return nil
}

// singleDefault returns the +default marker of a set; two are an error.
func (b *builder) singleDefault(set markers.Set) (markers.Marker, bool) {
	all := markers.Default.Markers(set)
	if len(all) > 1 {
		b.errorf(all[1].Pos, "+default is given twice")
	}
	if len(all) == 0 {
		return markers.Marker{}, false
	}
	return all[0], true
}

var refPattern = regexp.MustCompile(`^ref\(([^"]+)\)$`)

// parseDefault reads a default: ref(Name) or ref(import/path.Name) for a Go
// constant, or else a JSON value.
func (b *builder) parseDefault(m markers.Marker, path string) (any, bool) {
	if match := refPattern.FindStringSubmatch(m.Value); match != nil {
		ref := match[1]
		if dot := strings.LastIndexByte(ref, '.'); dot >= 0 {
			return symbol{Pkg: ref[:dot], Name: ref[dot+1:]}, true
		}
		return symbol{Pkg: path, Name: ref}, true
	}
	var value any
	if err := json.Unmarshal([]byte(m.Value), &value); err != nil {
		b.errorf(m.Pos, "%s: not a JSON value or ref(…): %v", m, err)
		return nil, false
	}
	return value, true
}

// enforcedDefault is the value Go's JSON decoding gives a field that is
// absent, as openapi-gen's mustEnforceDefault decides it: {} for a struct,
// the zero value for a basic type that is not omitted when empty, none for
// pointers, collections, interfaces and types that decode themselves.
func (b *builder) enforcedDefault(t types.Type, omitEmpty bool) (any, string) {
	if decodesItself(t) {
		return nil, ""
	}
	switch u := types.Unalias(t).(type) {
	case *types.Named:
		switch under := u.Underlying().(type) {
		case *types.Struct:
			return b.structDefault(under, omitEmpty)
		case *types.Basic:
			return b.enforcedDefault(under, omitEmpty)
		case *types.Chan, *types.Signature:
			return nil, "cannot decide the default of " + types.TypeString(t, nil)
		}
		return nil, ""
	case *types.Struct:
		return b.structDefault(u, omitEmpty)
	case *types.Basic:
		if omitEmpty {
			return nil, ""
		}
		if zero, ok := common.OpenAPIZeroValue(u.Name()); ok {
			return zero, ""
		}
		return nil, "unsupported type " + u.Name() + ": OpenAPI has no type for it"
	case *types.Chan, *types.Signature:
		return nil, "cannot decide the default of " + types.TypeString(t, nil)
	}
	return nil, ""
}

// structDefault: a struct with a single embedded field counts as that field.
func (b *builder) structDefault(st *types.Struct, omitEmpty bool) (any, string) {
	if st.NumFields() == 1 && st.Field(0).Embedded() {
		return b.enforcedDefault(st.Field(0).Type(), omitEmpty)
	}
	return map[string]any{}, ""
}

// decodesItself: a pointer to a type with UnmarshalJSON on the pointer, or
// a named struct type that declares UnmarshalJSON.
func decodesItself(t types.Type) bool {
	switch u := types.Unalias(t).(type) {
	case *types.Pointer:
		named, ok := types.Unalias(u.Elem()).(*types.Named)
		return ok && unmarshalReceiver(named) == pointerReceiver
	case *types.Named:
		if _, isStruct := u.Underlying().(*types.Struct); isStruct {
			return unmarshalReceiver(u) != noMethod
		}
	}
	return false
}

type receiverKind int

const (
	noMethod receiverKind = iota
	valueReceiver
	pointerReceiver
)

func unmarshalReceiver(named *types.Named) receiverKind {
	for i := range named.NumMethods() {
		method := named.Method(i)
		if method.Name() != "UnmarshalJSON" {
			continue
		}
		if _, ok := method.Type().(*types.Signature).Recv().Type().(*types.Pointer); ok {
			return pointerReceiver
		}
		return valueReceiver
	}
	return noMethod
}
