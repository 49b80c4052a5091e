package validation

import (
	"go/types"

	"github.com/dave/jennifer/jen"
	"k8s.io/gengo/v2/codetags"

	"github.com/metagen-dev/metagen/generators/gen"
	"github.com/metagen-dev/metagen/generators/markers"
)

// partChecks writes the rules chained to a subfield (validate.Subfield) or a
// list item (validate.ValSliceItem). Both skip the part when it is
// unchanged.
func (w *writer) partChecks(v *valuePlan, stem string) []jen.Code {
	var out []jen.Code
	for _, p := range v.subfields {
		owner := deref(v.typ)
		get := jen.Op("&").Id("o").Dot(p.goName)
		if isNilable(p.value.typ) {
			get = jen.Id("o").Dot(p.goName)
		}
		call := appendErrs(jen.Qual(validatePkg, "Subfield").Call(stdArgs(
			jen.Lit(p.json),
			jen.Func().Params(jen.Id("o").Op("*").Add(gen.TypeCode(owner))).Add(paramType(p.value.typ)).Block(jen.Return(get)),
			w.partEquiv(p.value.typ),
			w.partFunc(p.value, stem+p.goName),
		)...))
		if isPointer(v.typ) {
			call = jen.If(jen.Id("obj").Op("!=").Nil()).Block(call)
		}
		out = append(out, call)
	}
	for _, p := range v.listItems {
		elem := v.typ.Underlying().(*types.Slice).Elem()
		fn := "ValSliceItem"
		if isPointer(elem) {
			elem, fn = deref(elem), "PtrSliceItem"
		}
		out = append(out, appendErrs(jen.Qual(validatePkg, fn).Call(stdArgs(
			jen.Func().Params(jen.Id("item").Op("*").Add(gen.TypeCode(elem))).Bool().Block(jen.Return(itemMatch(p.keys))),
			w.eq.matchFunc(elem),
			w.partFunc(p.value, stem+"Item"),
		)...)))
	}
	return out
}

// partEquiv compares a subfield as Subfield hands it over: by address, or
// as it is when it can be nil.
func (w *writer) partEquiv(t types.Type) jen.Code {
	switch {
	case isPointer(t):
		return w.eq.matchFunc(deref(t))
	case isNilable(t):
		return jen.Qual(validatePkg, "SemanticDeepEqual")
	}
	return w.eq.matchFunc(t)
}

// partFunc validates a part, taking it as validators take values.
func (w *writer) partFunc(part *valuePlan, stem string) jen.Code {
	body := append(w.valueChecks(part, stem), jen.Return(jen.Id("errs")))
	return jen.Func().Params(
		jen.Id("ctx").Qual(contextPkg, "Context"), jen.Id("op").Qual(operationPkg, "Operation"),
		jen.Id("fldPath").Op("*").Qual(fieldPkg, "Path"), jen.Id("obj").Op(",").Id("oldObj").Add(paramType(part.typ)),
	).Params(jen.Id("errs").Qual(fieldPkg, "ErrorList")).Block(body...)
}

// itemMatch selects the list item whose keys have the given values.
func itemMatch(keys []itemKey) jen.Code {
	var match *jen.Statement
	for _, k := range keys {
		value := argLiteral(k.value)
		field := jen.Id("item").Dot(k.goName)
		cond := field.Clone().Op("==").Add(value)
		if k.pointer {
			cond = field.Clone().Op("!=").Nil().Op("&&").Op("*").Add(field.Clone()).Op("==").Add(value)
		}
		if match == nil {
			match = cond
		} else {
			match = match.Op("&&").Add(cond)
		}
	}
	return match
}

func argLiteral(arg markers.TagArg) jen.Code {
	switch arg.Type {
	case codetags.ArgTypeInt:
		return jen.Lit(int(arg.Int))
	case codetags.ArgTypeBool:
		return jen.Lit(arg.Value == "true")
	}
	return jen.Lit(arg.Value)
}
