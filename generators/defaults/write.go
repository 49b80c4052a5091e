package defaults

import (
	"fmt"
	"go/token"
	"go/types"
	"strconv"

	"github.com/dave/jennifer/jen"

	"github.com/metagen-dev/metagen/generators/diag"
	"github.com/metagen-dev/metagen/generators/gengo"
	"github.com/metagen-dev/metagen/generators/gen"
)

const runtimePkg = "k8s.io/apimachinery/pkg/runtime"

// writeFile writes RegisterDefaults and one SetObjectDefaults_ per planned
// type, in the order and shape defaulter-gen writes them. A package that
// opts in always gets the file, as upstream writes it even when empty.
func writeFile(pass *gen.Pass, st *state, plan planned, errs *[]error) {
	file := pass.NewFile(outputFile)
	var register []jen.Code
	for _, obj := range plan.types {
		typ := gen.TypeCode(obj.Type())
		// The func literal stays on one line, as upstream writes it.
		register = append(register, jen.Id("scheme").Dot("AddTypeDefaultingFunc").Call(
			jen.Op("&").Add(typ.Clone()).Values(),
			jen.Op("func(obj interface{}) { SetObjectDefaults_"+obj.Name()+"(obj.(*").Add(typ.Clone()).Op(")) }"),
		))
	}
	register = append(register, jen.Return(jen.Nil()))
	file.Comment("RegisterDefaults adds defaulters functions to the given scheme.")
	file.Comment("Public to allow building arbitrary schemes.")
	file.Comment("All generated defaulters are covering - they call all nested defaulters.")
	file.Func().Id("RegisterDefaults").Params(jen.Id("scheme").Op("*").Qual(runtimePkg, "Scheme")).Error().Block(register...)
	file.Line()

	for _, obj := range plan.types {
		b := &treeBuilder{st: st, existing: st.existing, planned: plan.defaulters, building: map[string]bool{}, errs: errs}
		tree := b.build(obj.Type(), true)
		if tree == nil {
			continue
		}
		w := &writer{pos: st.fset.Position(obj.Pos()), typeName: obj.Name()}
		tree.write(w, "in", 0, nil)
		if w.err != nil {
			*errs = append(*errs, w.err)
		}
		file.Func().Id("SetObjectDefaults_"+obj.Name()).Params(jen.Id("in").Op("*").Add(gen.TypeCode(obj.Type()))).Block(w.lines...)
		file.Line()
	}
}

// writer collects the statements of one function as source lines, in
// defaulter-gen's snippets; gofmt (through jennifer) lays them out.
type writer struct {
	lines []jen.Code
	pos      token.Position
	typeName string
	err      error
}

// line adds one line: strings are written as they are, jen.Code parts
// (qualified names, types) through jennifer, which adds their imports.
func (w *writer) line(parts ...any) {
	s := &jen.Statement{}
	for _, part := range parts {
		switch part := part.(type) {
		case string:
			s.Op(part)
		case jen.Code:
			s.Add(part)
		}
	}
	w.lines = append(w.lines, s)
}

var (
	indexVariables = "ijklmnop"
	localVariables = "abcdefgh"
)

func varsForDepth(depth int) (index, local string) {
	if depth >= len(indexVariables) {
		return fmt.Sprintf("i%d", depth), fmt.Sprintf("local%d", depth)
	}
	return indexVariables[depth : depth+1], localVariables[depth : depth+1]
}

func (f *function) code() *jen.Statement {
	if f.pkgPath == "" {
		return jen.Id(f.name)
	}
	return jen.Qual(f.pkgPath, f.name)
}

func (n *callNode) writeCalls(w *writer, varName string, isVarPointer bool) {
	accessor := varName
	if !isVarPointer {
		accessor = "&" + accessor
	}
	for _, fn := range n.call {
		w.line(fn.code(), "("+accessor+")")
	}
}

// write is defaulter-gen's WriteMethod.
func (n *callNode) write(w *writer, varName string, depth int, ancestors []*callNode) {
	if n.field != "" {
		varName = varName + "." + n.field
	}
	index, local := varsForDepth(depth)
	isPointer := n.elem && !n.index
	if isPointer && len(ancestors) > 0 {
		w.line("if " + varName + " != nil {")
	}
	switch {
	case n.index:
		w.line("for " + index + " := range " + varName + " {")
		if !n.markerOnly {
			if n.elem {
				w.line(local + " := " + varName + "[" + index + "]")
			} else {
				w.line(local + " := &" + varName + "[" + index + "]")
			}
		}
		n.writeDefault(w, varName, index, isPointer)
		n.writeCalls(w, local, true)
		for _, child := range n.children {
			child.write(w, local, depth+1, append(ancestors, n))
		}
		w.line("}")
	case n.key:
		if !n.defaultValue.isEmpty() {
			index = index + "_" + ancestors[len(ancestors)-1].field
			w.line("for " + index + " := range " + varName + " {")
			n.writeDefault(w, varName, index, isPointer)
			w.line("}")
		}
	default:
		n.writeDefault(w, varName, index, isPointer)
		n.writeCalls(w, varName, isPointer)
		for _, child := range n.children {
			child.write(w, varName, depth, append(ancestors, n))
		}
	}
	if isPointer && len(ancestors) > 0 {
		w.line("}")
	}
}

func (d defaultValue) code() jen.Code {
	if d.inline != "" {
		return jen.Op(d.inline)
	}
	if d.refPkg == "" {
		return jen.Id(d.ref)
	}
	return jen.Qual(d.refPkg, d.ref)
}

// writeDefault is defaulter-gen's writeDefaulter.
func (n *callNode) writeDefault(w *writer, varName, index string, isVarPointer bool) {
	if n.defaultValue.isEmpty() {
		return
	}
	place := varName
	if n.index || n.key {
		place = varName + "[" + index + "]"
	}
	value := n.defaultValue.code()
	if n.defaultIsPrimitive {
		if path := gengo.PointerPath(n.defaultTopLevel); len(path) > 0 {
			n.writePointerDefault(w, place, path, value)
			return
		}
		zero, ok := gengo.ZeroValues[gengo.Key(n.defaultType)]
		if !ok {
			w.err = diag.Errorf(w.pos, "%s: +default on a value of type %s, which defaulter-gen has no zero value for", w.typeName, gengo.Key(n.defaultType))
			return
		}
		zeroText := fmt.Sprint(zero)
		if s, isString := zero.(string); isString {
			zeroText = strconv.Quote(s)
		}
		w.line("if " + place + " == " + zeroText + " {")
		if n.defaultValue.inline != "" {
			w.line(place+" = ", value)
		} else {
			w.line(place+" = ", gen.TypeCode(n.defaultTopLevel), "(", value, ")")
		}
		w.line("}")
		return
	}
	w.line("if " + place + " == nil {")
	unmarshal := jen.Qual("encoding/json", "Unmarshal")
	if n.key {
		mapVar := index + "_default"
		w.line(mapVar + " := " + varName + "[" + index + "]")
		w.line("if err := ", unmarshal, "([]byte(`"+n.defaultValue.inline+"`), &"+mapVar+"); err != nil {")
	} else {
		pointer := place
		if !isVarPointer {
			pointer = "&" + pointer
		}
		w.line("if err := ", unmarshal, "([]byte(`"+n.defaultValue.inline+"`), "+pointer+"); err != nil {")
	}
	w.line("panic(err)")
	w.line("}")
	if n.key {
		w.line(varName + "[" + index + "] = " + index + "_default")
	}
	w.line("}")
}

// writePointerDefault sets a nil pointer to a new value, through every
// level of pointers, converting where a level is a named pointer type.
func (n *callNode) writePointerDefault(w *writer, place string, path []types.Type, value jen.Code) {
	last := path[len(path)-1]
	depth := len(path)
	w.line("if " + place + " == nil {")
	if n.defaultValue.inline != "" {
		w.line(fmt.Sprintf("var ptrVar%d ", depth), gen.TypeCode(last), " = ", value)
	} else {
		w.line(fmt.Sprintf("ptrVar%d := ", depth), gen.TypeCode(last), "(", value, ")")
	}
	destElem := last
	for i := depth; i >= 1; i-- {
		dest, assign := fmt.Sprintf("ptrVar%d", i-1), ":="
		if i == 1 {
			dest, assign = place, "="
		}
		sourceType := "*" + gengo.Key(destElem)
		if i == depth {
			sourceType = gengo.Key(destElem)
		}
		destElem = path[i-1]
		source := fmt.Sprintf("ptrVar%d", i)
		if gengo.Key(destElem) == sourceType {
			w.line(dest + " " + assign + " &" + source)
		} else {
			w.line(dest+" "+assign+" (*", gen.TypeCode(destElem), ")(&"+source+")")
		}
	}
	w.line("}")
}
