package defaults

import (
	"fmt"
	"go/token"
	"go/types"
	"strconv"

	"github.com/dave/jennifer/jen"

	"github.com/metagen-dev/metagen/generators/diag"
	"github.com/metagen-dev/metagen/generators/gen"
	"github.com/metagen-dev/metagen/generators/gengo"
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
		file.Func().Id("SetObjectDefaults_" + obj.Name()).Params(jen.Id("in").Op("*").Add(gen.TypeCode(obj.Type()))).Block(w.Code...)
		file.Line()
	}
}

// writer collects the statements of one function as source lines, in
// defaulter-gen's snippets; gofmt (through jennifer) lays them out.
type writer struct {
	gengo.Lines
	pos      token.Position
	typeName string
	err      error
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
		w.Line(fn.code(), "("+accessor+")")
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
		w.Line("if " + varName + " != nil {")
	}
	switch {
	case n.index:
		w.Line("for " + index + " := range " + varName + " {")
		if !n.markerOnly {
			if n.elem {
				w.Line(local + " := " + varName + "[" + index + "]")
			} else {
				w.Line(local + " := &" + varName + "[" + index + "]")
			}
		}
		n.writeDefault(w, varName, index, isPointer)
		n.writeCalls(w, local, true)
		for _, child := range n.children {
			child.write(w, local, depth+1, append(ancestors, n))
		}
		w.Line("}")
	case n.key:
		if !n.defaultValue.isEmpty() {
			index = index + "_" + ancestors[len(ancestors)-1].field
			w.Line("for " + index + " := range " + varName + " {")
			n.writeDefault(w, varName, index, isPointer)
			w.Line("}")
		}
	default:
		n.writeDefault(w, varName, index, isPointer)
		n.writeCalls(w, varName, isPointer)
		for _, child := range n.children {
			child.write(w, varName, depth, append(ancestors, n))
		}
	}
	if isPointer && len(ancestors) > 0 {
		w.Line("}")
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
		w.Line("if " + place + " == " + zeroText + " {")
		if n.defaultValue.inline != "" {
			w.Line(place+" = ", value)
		} else {
			w.Line(place+" = ", gen.TypeCode(n.defaultTopLevel), "(", value, ")")
		}
		w.Line("}")
		return
	}
	w.Line("if " + place + " == nil {")
	unmarshal := jen.Qual("encoding/json", "Unmarshal")
	if n.key {
		mapVar := index + "_default"
		w.Line(mapVar + " := " + varName + "[" + index + "]")
		w.Line("if err := ", unmarshal, "([]byte(`"+n.defaultValue.inline+"`), &"+mapVar+"); err != nil {")
	} else {
		pointer := place
		if !isVarPointer {
			pointer = "&" + pointer
		}
		w.Line("if err := ", unmarshal, "([]byte(`"+n.defaultValue.inline+"`), "+pointer+"); err != nil {")
	}
	w.Line("panic(err)")
	w.Line("}")
	if n.key {
		w.Line(varName + "[" + index + "] = " + index + "_default")
	}
	w.Line("}")
}

// writePointerDefault sets a nil pointer to a new value, through every
// level of pointers, converting where a level is a named pointer type.
func (n *callNode) writePointerDefault(w *writer, place string, path []types.Type, value jen.Code) {
	last := path[len(path)-1]
	depth := len(path)
	w.Line("if " + place + " == nil {")
	if n.defaultValue.inline != "" {
		w.Line(fmt.Sprintf("var ptrVar%d ", depth), gen.TypeCode(last), " = ", value)
	} else {
		w.Line(fmt.Sprintf("ptrVar%d := ", depth), gen.TypeCode(last), "(", value, ")")
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
			w.Line(dest + " " + assign + " &" + source)
		} else {
			w.Line(dest+" "+assign+" (*", gen.TypeCode(destElem), ")(&"+source+")")
		}
	}
	w.Line("}")
}
