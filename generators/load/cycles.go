package load

import (
	"go/token"
	"go/types"
	"strings"

	"github.com/metagen-dev/metagen/generators/diag"
	"github.com/metagen-dev/metagen/generators/model"
)

// inlineCycles refuses structs that inline themselves, directly or through
// other structs (type A struct{ *B `json:",inline"` }, type B struct{ *A
// `json:",inline"` }): flattened, their schema would be infinite, and every
// generator that flattens inline members would recurse forever. Checking it
// once here keeps that recursion safe everywhere. Each cycle is reported
// once, at the inline field that closes it.
func inlineCycles(fset *token.FileSet, packages []*model.Package) []error {
	const (
		visiting = 1
		done     = 2
	)
	state := map[*types.Named]int{}
	var errs []error
	var path []string
	var visit func(named *types.Named)
	visit = func(named *types.Named) {
		state[named] = visiting
		path = append(path, named.Obj().Name())
		if st, ok := named.Underlying().(*types.Struct); ok {
			for _, f := range model.FieldsOf(st) {
				field := f.Var
				member := inlineMember(f)
				if member == nil {
					continue
				}
				switch state[member] {
				case visiting:
					cycle := append(cyclePath(path, member.Obj().Name()), member.Obj().Name())
					errs = append(errs, diag.Errorf(fset.Position(field.Pos()),
						"struct %s inlines itself (%s): an inline member cannot contain the struct that inlines it; give field %s a JSON name",
						member.Obj().Name(), strings.Join(cycle, " → "), field.Name()))
				case 0:
					visit(member)
				}
			}
		}
		path = path[:len(path)-1]
		state[named] = done
	}
	for _, pkg := range packages {
		for _, t := range pkg.NamedTypes {
			if named := t.Named(); named != nil && !t.IsAlias() && state[named] == 0 {
				visit(named)
			}
		}
	}
	return errs
}

// inlineMember is the named struct a field flattens into its parent, as
// encoding/json (untagged embedded struct) and the Kubernetes generators
// (",inline") read it, or nil.
func inlineMember(f *model.Field) *types.Named {
	if !f.Inline && !(f.Embedded && f.JSONName == "") {
		return nil
	}
	if named := StructBehind(f.Type()); named != nil {
		return named.Origin()
	}
	return nil
}

// StructBehind is the named struct type t is, or points to, or nil.
func StructBehind(t types.Type) *types.Named {
	t = types.Unalias(t)
	if ptr, ok := t.(*types.Pointer); ok {
		t = types.Unalias(ptr.Elem())
	}
	named, ok := t.(*types.Named)
	if !ok {
		return nil
	}
	if _, ok := named.Underlying().(*types.Struct); !ok {
		return nil
	}
	return named
}

// cyclePath is the part of path from name on.
func cyclePath(path []string, name string) []string {
	for i := len(path) - 1; i >= 0; i-- {
		if path[i] == name {
			return append([]string(nil), path[i:]...)
		}
	}
	return append([]string(nil), path...)
}
