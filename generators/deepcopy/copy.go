package deepcopy

import (
	"fmt"
	"github.com/metagen-dev/metagen/generators/markers"
	"go/token"
	"go/types"

	"github.com/dave/jennifer/jen"

	"github.com/metagen-dev/metagen/generators/diag"
	"github.com/metagen-dev/metagen/generators/model"
)

// expr builds a fresh expression on every call: jen statements grow in
// place, so one statement must never be used twice.
type expr func() *jen.Statement

func ident(name string) expr { return func() *jen.Statement { return jen.Id(name) } }

// deref is (*e), parenthesized so that it can be indexed and selected.
func deref(e expr) expr {
	return func() *jen.Statement { return jen.Parens(jen.Op("*").Add(e())) }
}

func (e expr) dot(name string) expr {
	return func() *jen.Statement { return e().Dot(name) }
}

func (e expr) index(i string) expr {
	return func() *jen.Statement { return e().Index(jen.Id(i)) }
}

func (e expr) addr() *jen.Statement { return jen.Op("&").Add(e()) }

var (
	in  = ident("in")
	out = ident("out")
	// starIn and starOut are *in and *out where in and out point at the value being copied.
	starIn  expr = func() *jen.Statement { return jen.Op("*").Id("in") }
	starOut expr = func() *jen.Statement { return jen.Op("*").Id("out") }
)

// copier writes the statements that copy one field (or the value of one
// named map or slice type). It follows deepcopy-gen's scheme of shadowing in
// and out, `in, out := &in.Field, &out.Field`, so that the same statements
// work at any depth. It reports the first problem of its subject.
type copier struct {
	idx     *index
	pkg     *types.Package
	owner   string // the type whose methods are being written
	subject string // "field Spec of type …" or "type Labels"
	pos     token.Position
	err     error
	loops   int // nested loops that index arrays by place, for fresh index names
}

// fail records why the subject cannot be copied, with advice.
func (c *copier) fail(format string, args ...any) {
	if c.err != nil {
		return
	}
	c.err = diag.Errorf(c.pos, "%s cannot be deep-copied: %s", c.subject, fmt.Sprintf(format, args...))
}

func (c *copier) byHand() string {
	return fmt.Sprintf("or write DeepCopyInto for %s by hand (metagen then generates only the other methods)", c.owner)
}

func (c *copier) typeString(t types.Type) string {
	return typeString(t, c.pkg)
}

// placement says what a place holds before it is copied into, and how
// deepcopy-gen calls copy methods there.
type placement struct {
	shallow bool // dst already holds src's bits (after *out = *in); otherwise it is zero
	element bool // a slice or array element, where DeepCopyInto is preferred to DeepCopy
}

// copyPlace makes dst a deep copy of src; both are addressable places of type t.
func (c *copier) copyPlace(src, dst expr, t types.Type, at placement) []jen.Code {
	t = types.Unalias(t)
	if code, ok := c.copyByMethods(src, dst, t, at.element); ok {
		return code
	}
	if c.idx.holdsNoReferences(t) {
		return c.shallowFirst(src, dst, at.shallow)
	}
	if isTypeParam(t) {
		c.failUncopyable(t)
		return nil
	}
	switch u := t.Underlying().(type) {
	case *types.Map, *types.Slice, *types.Pointer:
		return []jen.Code{jen.If(src().Op("!=").Nil()).Block(
			append([]jen.Code{jen.List(jen.Id("in"), jen.Id("out")).Op(":=").List(src.addr(), dst.addr())},
				c.fillReference(t)...)...,
		)}
	case *types.Interface:
		method := c.interfaceCopyMethod(t)
		return []jen.Code{jen.If(src().Op("!=").Nil()).Block(
			dst().Op("=").Add(src()).Dot(method).Call(),
		)}
	case *types.Struct:
		if c.copiedByDeepCopyInto(t) {
			return []jen.Code{src().Dot("DeepCopyInto").Call(dst.addr())}
		}
		code := c.shallowFirst(src, dst, at.shallow)
		return append(code, c.fixStruct(src, dst, u)...)
	case *types.Array:
		code := c.shallowFirst(src, dst, at.shallow)
		return append(code, c.fixArray(src, dst, u)...)
	}
	c.failUncopyable(t)
	return nil
}

func isTypeParam(t types.Type) bool {
	_, ok := t.(*types.TypeParam)
	return ok
}

func (c *copier) shallowFirst(src, dst expr, shallow bool) []jen.Code {
	if shallow {
		return nil
	}
	return []jen.Code{dst().Op("=").Add(src())}
}

// fixStruct copies what *out = *in left shared in the fields of a struct value.
func (c *copier) fixStruct(src, dst expr, s *types.Struct) []jen.Code {
	var code []jen.Code
	for field := range s.Fields() {
		code = append(code, c.fixField(src, dst, field)...)
	}
	return code
}

// fixField copies what the struct assignment left shared in one field.
func (c *copier) fixField(src, dst expr, field *types.Var) []jen.Code {
	if field.Name() == "_" {
		return nil // unreachable: only the assignment of the whole struct copies it
	}
	if !field.Exported() && field.Pkg() != c.pkg && !c.idx.holdsNoReferences(field.Type()) {
		c.fail("its field %s is unexported in package %s; %s", field.Name(), field.Pkg().Path(), c.byHand())
		return nil
	}
	return c.copyPlace(src.dot(field.Name()), dst.dot(field.Name()), field.Type(), placement{shallow: true})
}

// fixArray copies, element by element, what the array assignment left shared
// (deepcopy-gen copies arrays shallowly).
func (c *copier) fixArray(src, dst expr, a *types.Array) []jen.Code {
	i := c.loopVar()
	c.loops++
	body := c.copyPlace(src.index(i), dst.index(i), a.Elem(), placement{shallow: true, element: true})
	c.loops--
	return []jen.Code{jen.For(jen.Id(i).Op(":=").Range().Add(src())).Block(body...)}
}

func (c *copier) loopVar() string {
	names := []string{"i", "j", "k"}
	if c.loops < len(names) {
		return names[c.loops]
	}
	return fmt.Sprintf("i%d", c.loops)
}

// fillReference writes deepcopy-gen's statements for a map, slice or pointer
// type t, where in and out are *t and *in is not nil.
func (c *copier) fillReference(t types.Type) []jen.Code {
	saved := c.loops
	c.loops = 0 // index names restart under the shadowed in and out
	defer func() { c.loops = saved }()
	switch u := types.Unalias(t).Underlying().(type) {
	case *types.Map:
		return c.fillMap(t, u)
	case *types.Slice:
		return c.fillSlice(t, u)
	case *types.Pointer:
		return c.fillPointer(t, u)
	}
	panic("deepcopy: fillReference of " + t.String())
}

func (c *copier) fillSlice(t types.Type, s *types.Slice) []jen.Code {
	code := []jen.Code{starOut().Op("=").Make(copyTypes.Code(t), jen.Len(starIn()))}
	elem := types.Unalias(s.Elem())
	if c.copiedByAssignment(elem) {
		return append(code, jen.Copy(starOut(), starIn()))
	}
	shallow := c.needsShallowCopy(elem)
	if shallow {
		code = append(code, jen.Copy(starOut(), starIn()))
	}
	c.loops++ // nested array loops must not reuse i
	body := c.copyPlace(deref(in).index("i"), deref(out).index("i"), elem, placement{shallow: shallow, element: true})
	c.loops--
	return append(code, jen.For(jen.Id("i").Op(":=").Range().Add(starIn())).Block(body...))
}

// needsShallowCopy: elements copied by fixing up an assignment (arrays and
// anonymous structs, without copy methods) need that assignment first.
func (c *copier) needsShallowCopy(t types.Type) bool {
	if _, ok := c.methodsOf(t); ok {
		return false
	}
	switch t.Underlying().(type) {
	case *types.Array:
		return true
	case *types.Struct:
		_, named := t.(*types.Named)
		return !named
	}
	return false
}

func (c *copier) fillMap(t types.Type, m *types.Map) []jen.Code {
	if key := types.Unalias(m.Key()); !c.idx.holdsNoReferences(key) {
		if tp, ok := key.(*types.TypeParam); ok {
			c.fail("type parameter %s is a map key and may hold references; constrain it to types without references (e.g. ~string), %s", tp.Obj().Name(), c.byHand())
		} else {
			c.fail("its map keys of type %s hold references; %s", c.typeString(key), c.byHand())
		}
		return nil
	}
	body := c.copyMapValue(types.Unalias(m.Elem()))
	return []jen.Code{
		starOut().Op("=").Make(copyTypes.Code(t), jen.Len(starIn())),
		jen.For(jen.List(jen.Id("key"), jen.Id("val")).Op(":=").Range().Add(starIn())).Block(body...),
	}
}

// copyMapValue copies val, a map value, into (*out)[key].
func (c *copier) copyMapValue(elem types.Type) []jen.Code {
	outKey := deref(out).index("key")
	val := ident("val")
	if c.copiedByAssignment(elem) {
		return []jen.Code{outKey().Op("=").Id("val")}
	}
	if d, ok := c.methodsOf(elem); ok {
		switch {
		case d.deepCopy && !d.deepCopyReturnsPointer:
			return []jen.Code{outKey().Op("=").Id("val").Dot("DeepCopy").Call()}
		case d.deepCopy:
			return []jen.Code{outKey().Op("=").Op("*").Id("val").Dot("DeepCopy").Call()}
		default:
			return []jen.Code{
				jen.Var().Id("outVal").Add(copyTypes.Code(elem)),
				jen.Id("val").Dot("DeepCopyInto").Call(jen.Op("&").Id("outVal")),
				outKey().Op("=").Id("outVal"),
			}
		}
	}
	if tp, ok := elem.(*types.TypeParam); ok {
		if !typeParamDeepCopy(tp) {
			c.failUncopyable(elem)
			return nil
		}
		return []jen.Code{outKey().Op("=").Id("val").Dot("DeepCopy").Call()}
	}
	switch u := elem.Underlying().(type) {
	case *types.Interface:
		method := c.interfaceCopyMethod(elem)
		return []jen.Code{jen.If(jen.Id("val").Op("==").Nil()).Block(
			outKey().Op("=").Nil(),
		).Else().Block(
			outKey().Op("=").Id("val").Dot(method).Call(),
		)}
	case *types.Map, *types.Slice, *types.Pointer:
		fill := append([]jen.Code{jen.List(jen.Id("in"), jen.Id("out")).Op(":=").List(jen.Op("&").Id("val"), jen.Op("&").Id("outVal"))},
			c.fillReference(elem)...)
		return []jen.Code{
			jen.Var().Id("outVal").Add(copyTypes.Code(elem)),
			jen.If(jen.Id("val").Op("!=").Nil()).Block(fill...),
			outKey().Op("=").Id("outVal"),
		}
	case *types.Struct:
		if c.copiedByDeepCopyInto(elem) {
			return []jen.Code{outKey().Op("=").Op("*").Id("val").Dot("DeepCopy").Call()}
		}
		fix := c.fixStruct(val, ident("outVal"), u)
		return c.viaOutVal(fix)
	case *types.Array:
		fix := c.fixArray(val, ident("outVal"), u)
		return c.viaOutVal(fix)
	}
	c.failUncopyable(elem)
	return nil
}

// viaOutVal fixes up a copy of a map value (map values are not addressable).
func (c *copier) viaOutVal(fix []jen.Code) []jen.Code {
	code := []jen.Code{jen.Id("outVal").Op(":=").Id("val")}
	code = append(code, fix...)
	return append(code, deref(out).index("key")().Op("=").Id("outVal"))
}

func (c *copier) fillPointer(t types.Type, p *types.Pointer) []jen.Code {
	elem := types.Unalias(p.Elem())
	// pointee receives method calls: (*in), or (**in) when the pointer type
	// is named, since a named pointer type has no methods to select.
	pointee := deref(in)
	if _, named := types.Unalias(t).(*types.Named); named {
		pointee = func() *jen.Statement { return jen.Parens(jen.Op("**").Id("in")) }
	}
	newElem := starOut().Op("=").New(copyTypes.Code(elem))
	starStarIn := func() *jen.Statement { return jen.Op("**").Id("in") }
	starStarOut := func() *jen.Statement { return jen.Op("**").Id("out") }
	if c.copiedByAssignment(elem) {
		return []jen.Code{newElem, starStarOut().Op("=").Add(starStarIn())}
	}
	if d, ok := c.methodsOf(elem); ok {
		switch {
		case d.deepCopy && d.deepCopyReturnsPointer:
			return []jen.Code{starOut().Op("=").Add(pointee()).Dot("DeepCopy").Call()}
		case d.deepCopy:
			return []jen.Code{
				jen.Id("x").Op(":=").Add(pointee()).Dot("DeepCopy").Call(),
				starOut().Op("=").Op("&").Id("x"),
			}
		default:
			return []jen.Code{newElem, pointee().Dot("DeepCopyInto").Call(starOut())}
		}
	}
	if tp, ok := elem.(*types.TypeParam); ok {
		if !typeParamDeepCopy(tp) {
			c.failUncopyable(elem)
			return nil
		}
		// Methods of a type parameter are not promoted to pointers to it.
		return []jen.Code{newElem, starStarOut().Op("=").Parens(starStarIn()).Dot("DeepCopy").Call()}
	}
	switch u := elem.Underlying().(type) {
	case *types.Map, *types.Slice, *types.Pointer:
		fill := append([]jen.Code{jen.List(jen.Id("in"), jen.Id("out")).Op(":=").List(starIn(), starOut())},
			c.fillReference(elem)...)
		return []jen.Code{newElem, jen.If(starStarIn().Op("!=").Nil()).Block(fill...)}
	case *types.Interface:
		method := c.interfaceCopyMethod(elem)
		return []jen.Code{newElem, jen.If(starStarIn().Op("!=").Nil()).Block(
			starStarOut().Op("=").Parens(starStarIn()).Dot(method).Call(),
		)}
	case *types.Struct:
		if c.copiedByDeepCopyInto(elem) {
			return []jen.Code{newElem, pointee().Dot("DeepCopyInto").Call(starOut())}
		}
		code := []jen.Code{newElem, starStarOut().Op("=").Add(starStarIn())}
		return append(code, c.fixStruct(deref(in), deref(out), u)...)
	case *types.Array:
		code := []jen.Code{newElem, starStarOut().Op("=").Add(starStarIn())}
		return append(code, c.fixArray(deref(in), deref(out), u)...)
	}
	c.failUncopyable(elem)
	return nil
}

// copiedByAssignment: a value without references and without copy methods of
// its own (which win, as in deepcopy-gen) is copied by assignment.
func (c *copier) copiedByAssignment(t types.Type) bool {
	if _, ok := c.methodsOf(t); ok {
		return false
	}
	return c.idx.holdsNoReferences(t)
}

// copyByMethods copies a value of a type that declares DeepCopy or
// DeepCopyInto (or a type parameter constrained by DeepCopy() T), choosing
// the call as deepcopy-gen does.
func (c *copier) copyByMethods(src, dst expr, t types.Type, preferInto bool) ([]jen.Code, bool) {
	if tp, ok := t.(*types.TypeParam); ok {
		if !typeParamDeepCopy(tp) {
			return nil, false
		}
		return []jen.Code{dst().Op("=").Add(src()).Dot("DeepCopy").Call()}, true
	}
	d, ok := c.methodsOf(t)
	if !ok {
		return nil, false
	}
	switch {
	case d.into && preferInto:
		return []jen.Code{src().Dot("DeepCopyInto").Call(dst.addr())}, true
	case d.deepCopy && !d.deepCopyReturnsPointer:
		return []jen.Code{dst().Op("=").Add(src()).Dot("DeepCopy").Call()}, true
	case d.into:
		return []jen.Code{src().Dot("DeepCopyInto").Call(dst.addr())}, true
	default:
		return []jen.Code{dst().Op("=").Op("*").Add(src()).Dot("DeepCopy").Call()}, true
	}
}

// methodsOf returns the copy methods a named type declares. For an input
// package's type those are the hand-written ones: generated methods are not
// loaded, and generated-in-this-run types are handled by kind, as
// deepcopy-gen handles them.
func (c *copier) methodsOf(t types.Type) (declared, bool) {
	n, ok := types.Unalias(t).(*types.Named)
	if !ok {
		return declared{}, false
	}
	input := c.idx.inputType(n)
	if input != nil {
		n = input.Named()
	}
	d, err := declaredMethods(n)
	if err != nil {
		c.fail("%s: %v", c.typeString(t), err)
		return declared{}, false
	}
	if d.any() && input != nil && c.idx.willGenerate(n) {
		d = d.completedBy(n)
	}
	return d, d.any()
}

// copiedByDeepCopyInto reports whether a struct type without declared copy
// methods is copied by calling DeepCopyInto, as deepcopy-gen does for every
// named struct: this run must generate it, else the subject fails.
// Anonymous structs are copied inline instead.
func (c *copier) copiedByDeepCopyInto(t types.Type) bool {
	n, ok := types.Unalias(t).(*types.Named)
	if !ok {
		return false
	}
	if !c.idx.willGenerate(n) {
		c.failNoDeepCopyInto(n)
	}
	return true
}

func (c *copier) failNoDeepCopyInto(n *types.Named) {
	name := c.typeString(n)
	input := c.idx.inputType(n)
	if input == nil {
		c.fail("%s has no DeepCopyInto method and holds references (%s); generate deepcopy methods in package %s, %s",
			name, c.firstReference(n.Underlying(), n.Obj().Name()), n.Obj().Pkg().Path(), c.byHand())
		return
	}
	c.fail("%s holds references and gets no generated DeepCopyInto (%s); write DeepCopyInto for %s, or for %s, by hand",
		name, whyNotGenerated(input), name, c.owner)
}

// whyNotGenerated explains, from the markers, why an input type gets no methods.
func whyNotGenerated(t *model.Type) string {
	mode := packageModeOf(t.Package)
	if wanted, _ := typeWanted(mode, t); !wanted {
		switch {
		case mode == disabled:
			return fmt.Sprintf("package %s opts out with +%s=false", t.Package.Path, markers.K8sDeepcopyGen)
		case markers.KBObjectGenerate.Has(t.Markers) || markers.K8sDeepcopyGen.Has(t.Markers):
			return "it opts out with a type marker"
		default:
			return fmt.Sprintf("package %s does not opt in; add +%s=true to %s or +%s=package to the package", t.Package.Path, markers.K8sDeepcopyGen, t.Name, markers.K8sDeepcopyGen)
		}
	}
	own, _ := declaredMethods(t.Named())
	if reason := notCopyable(t, own); reason != "" {
		return reason
	}
	return "its copy methods are invalid"
}

// firstReference says where a struct first holds a reference, for messages.
func (c *copier) firstReference(u types.Type, path string) string {
	s, ok := u.(*types.Struct)
	if !ok {
		return path + " is " + kindName(u)
	}
	for field := range s.Fields() {
		if field.Name() == "_" || c.idx.holdsNoReferences(field.Type()) {
			continue
		}
		under := types.Unalias(field.Type()).Underlying()
		if _, isStruct := under.(*types.Struct); isStruct {
			return c.firstReference(under, path+"."+field.Name())
		}
		return fmt.Sprintf("%s.%s is a %s", path, field.Name(), c.typeString(field.Type()))
	}
	return path
}

// interfaceCopyMethod is DeepCopy<Name>, which a named interface must declare
// returning something assignable to it (runtime.Object has DeepCopyObject).
func (c *copier) interfaceCopyMethod(t types.Type) string {
	iface := t.Underlying().(*types.Interface)
	n, named := t.(*types.Named)
	if iface.Empty() {
		c.fail("%s can hold any value; use runtime.RawExtension or a named interface with a DeepCopy<Name> method, %s", c.typeString(t), c.byHand())
		return "DeepCopy"
	}
	if !named {
		c.fail("the anonymous interface %s has no name to call DeepCopy<Name> by; use a named interface with a DeepCopy<Name> method, %s", c.typeString(t), c.byHand())
		return "DeepCopy"
	}
	method := "DeepCopy" + n.Obj().Name()
	obj, _, _ := types.LookupFieldOrMethod(t, false, c.pkg, method)
	fn, ok := obj.(*types.Func)
	if !ok || fn.Signature().Params().Len() != 0 || fn.Signature().Results().Len() != 1 ||
		!types.AssignableTo(fn.Signature().Results().At(0).Type(), t) {
		c.fail("interface %s has no method %s() %s; add it to the interface, %s", c.typeString(t), method, c.typeString(t), c.byHand())
	}
	return method
}

// failUncopyable explains values that cannot be copied at all.
func (c *copier) failUncopyable(t types.Type) {
	switch t.Underlying().(type) {
	case *types.Chan:
		c.fail("a channel cannot be copied; leave it out of the API type, %s", c.byHand())
	case *types.Signature:
		c.fail("a func cannot be copied; leave it out of the API type, %s", c.byHand())
	case *types.Interface:
		if tp, ok := t.(*types.TypeParam); ok {
			c.fail("type parameter %s may hold references; constrain it to types without references (e.g. ~string | ~int64) or by an interface with DeepCopy() %s, %s",
				tp.Obj().Name(), tp.Obj().Name(), c.byHand())
			return
		}
		c.interfaceCopyMethod(t)
	case *types.Basic:
		c.fail("%s cannot be copied; %s", c.typeString(t), c.byHand())
	default:
		c.fail("%s is not supported; %s", c.typeString(t), c.byHand())
	}
}
