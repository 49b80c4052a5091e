// Package gofmtfast is go/format.Source in time linear in the size of a
// file made of functions that return large composite literals, the shape of
// zz_generated.openapi.go.
//
// go/printer decides the layout of each element of a composite literal that
// spans lines by printing that element in full to measure it, at every
// level of nesting: a file of deeply nested literals costs its size times
// its depth, and k8s.io/api's OpenAPI files made formatting the largest part
// of a machine's first generate. Source prints the literals that functions
// return itself, with gofmt's rules for them (one element per line, keys
// aligned in the sections go/printer's exprList aligns, the same section
// breaks), and prints the rest of the file as go/format does (the same
// parse, imports sorted, go/printer with go/format's configuration) with a
// name in each literal's place, then puts the literals back. Anything it
// does not know how to print exactly (comments in the function, blank
// lines, elements sharing a line, other multi-line expressions) stays in
// what go/printer prints, so the result is go/format.Source's byte for
// byte (the tests hold it to that on every generated file they have).
package gofmtfast

import (
	"bytes"
	"fmt"
	"go/ast"
	"go/format"
	"go/parser"
	"go/printer"
	"go/token"
	"math"
	"sort"
	"strings"
	"unicode/utf8"
)

// placeholder names a literal cut out of the file; a file that already
// contains the prefix is formatted by go/format alone.
const placeholder = "gofmtfastLiteral"

// Source is go/format.Source(src).
func Source(src []byte) ([]byte, error) {
	out, _, err := source(src)
	return out, err
}

// source is Source, and how many literals it printed itself.
func source(src []byte) ([]byte, int, error) {
	if bytes.Contains(src, []byte(placeholder)) {
		return formatSource(src)
	}
	// As go/format.Source reads a whole file (a fragment, or a syntax
	// error, is left to it).
	fset := token.NewFileSet()
	file, err := parser.ParseFile(fset, "", src, parser.ParseComments|parser.SkipObjectResolution)
	if err != nil {
		return formatSource(src)
	}
	ast.SortImports(fset, file)
	var texts []string
	for _, decl := range file.Decls {
		fn, ok := decl.(*ast.FuncDecl)
		if !ok || fn.Body == nil || len(fn.Body.List) != 1 || hasComment(file.Comments, fn.Body) {
			continue
		}
		ret, ok := fn.Body.List[0].(*ast.ReturnStmt)
		if !ok || len(ret.Results) != 1 {
			continue
		}
		lit, ok := ret.Results[0].(*ast.CompositeLit)
		if !ok || fset.Position(lit.Rbrace).Line-fset.Position(lit.Lbrace).Line < minLines {
			continue
		}
		p := &litPrinter{fset: fset}
		if !p.literal(lit, 1) {
			continue
		}
		// The name stands where the literal ends, so that go/printer
		// counts no lines between it and the closing brace.
		ret.Results[0] = &ast.Ident{NamePos: lit.Rbrace, Name: fmt.Sprintf("%s%d", placeholder, len(texts))}
		texts = append(texts, p.buf.String())
	}
	var formatted bytes.Buffer
	if err := config.Fprint(&formatted, fset, file); err != nil {
		return formatSource(src)
	}
	if len(texts) == 0 {
		return formatted.Bytes(), 0, nil
	}
	// Put the literals back, each where its name stands alone after
	// "return " (once: the names are new to the file).
	var out bytes.Buffer
	out.Grow(len(src) + len(src)/4)
	rest := formatted.Bytes()
	for i, text := range texts {
		name := fmt.Sprintf("\treturn %s%d\n", placeholder, i)
		at := bytes.Index(rest, []byte(name))
		if at < 0 {
			return formatSource(src)
		}
		out.Write(rest[:at])
		out.WriteString("\treturn ")
		out.WriteString(text)
		out.WriteString("\n")
		rest = rest[at+len(name):]
	}
	out.Write(rest)
	return out.Bytes(), len(texts), nil
}

// minLines: a shorter literal (a client's) is left to go/printer, which
// measures a shallow nest in about the time it takes to print it.
var minLines = 16 // a variable for tests

// config is go/format's: spaces for alignment, tabs for indentation,
// number literals canonicalized (its printerNormalizeNumbers, a mode
// go/printer reads but does not export).
var config = printer.Config{Mode: printer.UseSpaces | printer.TabIndent | 1<<30, Tabwidth: 8}

func formatSource(src []byte) ([]byte, int, error) {
	out, err := format.Source(src)
	return out, 0, err
}

// hasComment: whether a comment of the file (in source order) lies in n.
func hasComment(comments []*ast.CommentGroup, n ast.Node) bool {
	i := sort.Search(len(comments), func(i int) bool { return comments[i].End() > n.Pos() })
	return i < len(comments) && comments[i].Pos() < n.End()
}

// litPrinter prints a composite literal that spans lines as go/printer does.
type litPrinter struct {
	fset *token.FileSet
	buf  bytes.Buffer
}

func (p *litPrinter) line(pos token.Pos) int { return p.fset.Position(pos).Line }

// element is one element of a literal, measured as go/printer's exprList
// measures it.
type element struct {
	x ast.Expr
	// single: the element fits on one line, printed in text (a pair: key
	// and value apart).
	single     bool
	key, value string
	text       string
	pair       bool
	size       int // exprList's size: 0 for a multi-line element; a pair's, its key's
}

// literal prints lit, whose opening line is indented ind tabs: its type and
// brace, one element per line, the closing brace on a line of its own.
// It reports false for a layout it does not reproduce exactly.
func (p *litPrinter) literal(lit *ast.CompositeLit, ind int) bool {
	if lit.Incomplete || len(lit.Elts) == 0 {
		return false
	}
	if lit.Type != nil {
		typ, ok := inline(lit.Type)
		if !ok {
			return false
		}
		p.buf.WriteString(typ)
	}
	p.buf.WriteString("{\n")
	if p.oneLine(lit, ind) {
		return true
	}
	// Each element on the line after the previous one (and after the
	// brace), the closing brace on the line after the last: no blank
	// lines, which go/printer keeps and which change its sections.
	prevLine := p.line(lit.Lbrace)
	elems := make([]element, len(lit.Elts))
	for i, x := range lit.Elts {
		first, last := p.line(x.Pos()), p.line(x.End())
		if first != prevLine+1 {
			return false
		}
		prevLine = last
		e := element{x: x}
		kv, isPair := x.(*ast.KeyValueExpr)
		e.pair = isPair
		if first == last {
			e.single = true
			if isPair {
				key, ok1 := inline(kv.Key)
				value, ok2 := inline(kv.Value)
				if !ok1 || !ok2 {
					return false
				}
				e.key, e.value = key, value
				e.size = len(key)
			} else {
				text, ok := inline(x)
				if !ok {
					return false
				}
				e.text = text
				e.size = len(text)
			}
			if e.size == 0 || e.size > 1e6 {
				return false
			}
		}
		elems[i] = e
	}
	if p.line(lit.Rbrace) != prevLine+1 {
		return false
	}

	// exprList's alignment sections: a formfeed before an element ends the
	// section; so does an element without a key column (multi-line, or not
	// a key: value pair, or the only element).
	var section []int // indices of aligned pairs waiting for their width
	flush := func() {
		width := 0
		for _, i := range section {
			width = max(width, utf8.RuneCountInString(elems[i].key)+1)
		}
		for _, i := range section {
			e := elems[i]
			p.indent(ind + 1)
			p.buf.WriteString(e.key)
			p.buf.WriteByte(':')
			p.buf.WriteString(strings.Repeat(" ", width+1-utf8.RuneCountInString(e.key)-1))
			p.buf.WriteString(e.value)
			p.buf.WriteString(",\n")
		}
		section = section[:0]
	}
	size := 0
	lnsum, count := 0.0, 0
	for i, e := range elems {
		useFF := true
		prevSize := size
		size = e.size
		if prevSize > 0 && size > 0 {
			const smallSize = 40
			if count == 0 || prevSize <= smallSize && size <= smallSize {
				useFF = false
			} else {
				const r = 2.5
				geomean := math.Exp(lnsum / float64(count))
				ratio := float64(size) / geomean
				useFF = r*ratio <= 1 || r <= ratio
			}
		}
		if i > 0 && useFF {
			// A formfeed: go/printer starts the sizes' mean afresh too.
			flush()
			lnsum, count = 0, 0
		}
		aligned := len(elems) > 1 && e.pair && e.single
		if aligned {
			section = append(section, i)
		} else {
			flush()
			p.indent(ind + 1)
			if !p.element(e, ind+1) {
				return false
			}
			p.buf.WriteString(",\n")
		}
		if size > 0 {
			lnsum += math.Log(float64(size))
			count++
		}
	}
	flush()
	p.indent(ind)
	p.buf.WriteByte('}')
	return true
}

// oneLine prints a literal whose elements (no pairs) share the line after
// its opening brace and whose closing brace ends that line, as openapi-gen
// writes a definition's dependencies: go/printer keeps them so, with no
// comma after the last.
func (p *litPrinter) oneLine(lit *ast.CompositeLit, ind int) bool {
	line := p.line(lit.Lbrace) + 1
	if p.line(lit.Elts[0].Pos()) != line || p.line(lit.Rbrace) != line {
		return false
	}
	texts := make([]string, len(lit.Elts))
	for i, x := range lit.Elts {
		if _, pair := x.(*ast.KeyValueExpr); pair {
			return false
		}
		text, ok := inline(x)
		if !ok {
			return false
		}
		texts[i] = text
	}
	p.indent(ind + 1)
	p.buf.WriteString(strings.Join(texts, ", "))
	p.buf.WriteByte('}')
	return true
}

// element prints an element that has no key column, on a line indented ind.
func (p *litPrinter) element(e element, ind int) bool {
	if e.single {
		if e.pair {
			p.buf.WriteString(e.key + ": " + e.value)
		} else {
			p.buf.WriteString(e.text)
		}
		return true
	}
	x := e.x
	if kv, ok := x.(*ast.KeyValueExpr); ok {
		if p.line(kv.Key.Pos()) != p.line(kv.Value.Pos()) {
			return false
		}
		key, ok := inline(kv.Key)
		if !ok {
			return false
		}
		p.buf.WriteString(key + ": ")
		x = kv.Value
	}
	if u, ok := x.(*ast.UnaryExpr); ok && u.Op == token.AND {
		p.buf.WriteByte('&')
		x = u.X
	}
	lit, ok := x.(*ast.CompositeLit)
	if !ok || p.line(lit.Pos()) != p.line(lit.Lbrace) {
		return false
	}
	return p.literal(lit, ind)
}

func (p *litPrinter) indent(n int) {
	for range n {
		p.buf.WriteByte('\t')
	}
}

// inline prints an expression that fits on one line as go/printer does, for
// the kinds of expression generated literals hold; false for others.
func inline(x ast.Expr) (string, bool) {
	var b strings.Builder
	ok := writeInline(&b, x)
	return b.String(), ok
}

func writeInline(b *strings.Builder, x ast.Expr) bool {
	switch x := x.(type) {
	case *ast.Ident:
		b.WriteString(x.Name)
	case *ast.BasicLit:
		switch x.Kind {
		case token.STRING:
		case token.INT, token.FLOAT:
			// go/printer normalizes prefixes and exponents; plain
			// lower-case decimal numbers stay as they are.
			if strings.Trim(x.Value, "0123456789.e+-") != "" {
				return false
			}
		default:
			return false
		}
		b.WriteString(x.Value)
	case *ast.SelectorExpr:
		if !writeInline(b, x.X) {
			return false
		}
		b.WriteByte('.')
		b.WriteString(x.Sel.Name)
	case *ast.CallExpr:
		if x.Ellipsis.IsValid() || !writeInline(b, x.Fun) {
			return false
		}
		b.WriteByte('(')
		for i, arg := range x.Args {
			if i > 0 {
				b.WriteString(", ")
			}
			if !writeInline(b, arg) {
				return false
			}
		}
		b.WriteByte(')')
	case *ast.CompositeLit:
		if x.Incomplete {
			return false
		}
		if x.Type != nil && !writeInline(b, x.Type) {
			return false
		}
		b.WriteByte('{')
		for i, e := range x.Elts {
			if i > 0 {
				b.WriteString(", ")
			}
			if !writeInline(b, e) {
				return false
			}
		}
		b.WriteByte('}')
	case *ast.KeyValueExpr:
		if !writeInline(b, x.Key) {
			return false
		}
		b.WriteString(": ")
		return writeInline(b, x.Value)
	case *ast.UnaryExpr:
		if x.Op != token.AND && x.Op != token.SUB {
			return false
		}
		if _, nested := x.X.(*ast.UnaryExpr); nested {
			return false // go/printer separates - - and & &
		}
		b.WriteString(x.Op.String())
		return writeInline(b, x.X)
	case *ast.StarExpr:
		b.WriteByte('*')
		return writeInline(b, x.X)
	case *ast.ArrayType:
		if x.Len != nil {
			return false
		}
		b.WriteString("[]")
		return writeInline(b, x.Elt)
	case *ast.MapType:
		b.WriteString("map[")
		if !writeInline(b, x.Key) {
			return false
		}
		b.WriteByte(']')
		return writeInline(b, x.Value)
	case *ast.InterfaceType:
		if x.Methods == nil || len(x.Methods.List) != 0 {
			return false
		}
		b.WriteString("interface{}")
	default:
		return false
	}
	return true
}
