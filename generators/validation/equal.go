package validation

import (
	"fmt"
	"go/types"
	"sort"
	"strings"

	"github.com/dave/jennifer/jen"

	"github.com/metagen-dev/metagen/generators/gen"
)

// Ratcheting compares new and old values. equality.Semantic.DeepEqual does
// that by reflection, which allocates; for the types it can, the writer
// compares field by field instead, with the same meaning: == for values
// without pointers, slices.Equal and maps.Equal (which, like Semantic, take
// nil and empty for equal), the Semantic functions of metav1.Time and
// resource.Quantity, and an equal<Type> helper per struct type.

const resourcePkg = "k8s.io/apimachinery/pkg/api/resource"

// equalHelper is a generated equal<Type>(a, b *T) bool function.
type equalHelper struct {
	name string
	typ  *types.Named
	body jen.Code
}

// equality writes the helpers a package's comparisons need.
type equality struct {
	pkg     *types.Package
	helpers map[*types.Named]*equalHelper
	// pending guards against recursive types, which are left to Semantic.
	pending map[*types.Named]bool
}

func newEquality(pkg *types.Package) *equality {
	return &equality{pkg: pkg, helpers: map[*types.Named]*equalHelper{}, pending: map[*types.Named]bool{}}
}

// matchFunc is a validate.MatchFunc[*T] that tells whether two values are
// semantically equal.
func (e *equality) matchFunc(t types.Type) jen.Code {
	if isDirectComparable(t) {
		return jen.Qual(validatePkg, "DirectEqual")
	}
	if named, ok := t.(*types.Named); ok {
		if h := e.helper(named); h != nil {
			return jen.Id(h.name)
		}
	}
	return jen.Qual(validatePkg, "SemanticDeepEqual")
}

// same compares the values at two expressions of type t, or returns false
// when only reflection can.
func (e *equality) same(t types.Type, a, b func() *jen.Statement) (*jen.Statement, bool) {
	switch {
	case isDirectComparable(t):
		return a().Op("==").Add(b()), true
	case isMetav1(t, "Time"):
		return receiver(a()).Dot("UTC").Call().Op("==").Add(receiver(b())).Dot("UTC").Call(), true
	case isQuantity(t):
		return receiver(a()).Dot("Cmp").Call(b()).Op("==").Lit(0), true
	}
	switch u := t.Underlying().(type) {
	case *types.Pointer:
		inner, ok := e.same(u.Elem(), func() *jen.Statement { return jen.Parens(jen.Op("*").Add(a())) },
			func() *jen.Statement { return jen.Parens(jen.Op("*").Add(b())) })
		if !ok {
			return nil, false
		}
		return jen.Parens(a().Op("==").Nil()).Op("==").Parens(b().Op("==").Nil()).Op("&&").
			Parens(a().Op("==").Nil().Op("||").Add(inner)), true
	case *types.Slice:
		if isDirectComparable(u.Elem()) {
			return jen.Qual("slices", "Equal").Call(a(), b()), true
		}
		if fn, ok := e.elemFunc(u.Elem()); ok {
			return jen.Qual("slices", "EqualFunc").Call(a(), b(), fn), true
		}
	case *types.Map:
		if isDirectComparable(u.Elem()) {
			return jen.Qual("maps", "Equal").Call(a(), b()), true
		}
	case *types.Struct:
		if named, ok := t.(*types.Named); ok {
			if h := e.helper(named); h != nil {
				return jen.Id(h.name).Call(jen.Op("&").Add(a()), jen.Op("&").Add(b())), true
			}
		}
	}
	return nil, false
}

// elemFunc compares two list items by value, for slices.EqualFunc.
func (e *equality) elemFunc(t types.Type) (jen.Code, bool) {
	same, ok := e.same(t, func() *jen.Statement { return jen.Id("a") }, func() *jen.Statement { return jen.Id("b") })
	if !ok {
		return nil, false
	}
	return jen.Func().Params(jen.Id("a").Op(",").Id("b").Add(gen.TypeCode(t))).Bool().Block(jen.Return(same)), true
}

// helper returns the equal<Type> helper of a struct type, writing it on
// first use, or nil when a field needs reflection.
func (e *equality) helper(named *types.Named) *equalHelper {
	if h, done := e.helpers[named]; done {
		return h
	}
	s, ok := named.Underlying().(*types.Struct)
	if !ok || e.pending[named] || named.TypeArgs().Len() > 0 {
		return nil
	}
	local := named.Obj().Pkg() == e.pkg
	e.pending[named] = true
	defer delete(e.pending, named)
	var conds []jen.Code
	for i := range s.NumFields() {
		f := s.Field(i)
		if !f.Exported() && !local {
			e.helpers[named] = nil
			return nil
		}
		name := f.Name()
		cond, ok := e.same(f.Type(), func() *jen.Statement { return jen.Id("a").Dot(name) }, func() *jen.Statement { return jen.Id("b").Dot(name) })
		if !ok {
			e.helpers[named] = nil
			return nil
		}
		conds = append(conds, cond)
	}
	body := jen.Lit(true)
	for i, c := range conds {
		if i == 0 {
			body = jen.Add(c)
		} else {
			body = body.Op("&&").Line().Add(c)
		}
	}
	h := &equalHelper{name: helperName(named, local), typ: named, body: body}
	e.helpers[named] = h
	return h
}

func helperName(named *types.Named, local bool) string {
	if local {
		return "equal" + named.Obj().Name()
	}
	qualifier := named.Obj().Pkg().Name()
	if alias, ok := gen.StandardAliases[named.Obj().Pkg().Path()]; ok {
		qualifier = alias
	}
	return "equal" + upperFirst(qualifier) + named.Obj().Name()
}

// write adds the helpers to the file, sorted by name.
func (e *equality) write(file *jen.File) {
	var helpers []*equalHelper
	for _, h := range e.helpers {
		if h != nil {
			helpers = append(helpers, h)
		}
	}
	sort.Slice(helpers, func(i, j int) bool { return helpers[i].name < helpers[j].name })
	for _, h := range helpers {
		file.Comment(h.name + " reports whether two " + h.typ.Obj().Name() + " values are equal as equality.Semantic sees them.")
		file.Func().Id(h.name).Params(jen.Id("a").Op(",").Id("b").Op("*").Add(gen.TypeCode(h.typ))).Bool().
			Block(jen.Return(h.body))
		file.Line()
	}
}

func isQuantity(t types.Type) bool {
	named, ok := t.(*types.Named)
	return ok && named.Obj().Name() == "Quantity" && named.Obj().Pkg() != nil && named.Obj().Pkg().Path() == resourcePkg
}

func upperFirst(s string) string {
	if s == "" {
		return s
	}
	return strings.ToUpper(s[:1]) + s[1:]
}

// receiver makes an expression a method's receiver: a dereference (*obj, as
// the ratchet compares) needs parentheses, or the method binds first.
func receiver(s *jen.Statement) *jen.Statement {
	if strings.HasPrefix(fmt.Sprintf("%#v", s), "*") {
		return jen.Parens(s)
	}
	return s
}
