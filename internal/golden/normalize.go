package golden

import (
	"bytes"
	"go/ast"
	"go/parser"
	"go/printer"
	"go/token"
	"path"
	"strconv"
)

// WithImportPaths prints a Go file's declarations other than its imports,
// without comments, every package name replaced by the quoted import path
// it stands for: what is left to compare of two generators' files when
// they name imports and write headers differently.
func WithImportPaths(src []byte) (string, error) {
	fset := token.NewFileSet()
	file, err := parser.ParseFile(fset, "", src, 0)
	if err != nil {
		return "", err
	}
	paths := map[string]string{}
	for _, imp := range file.Imports {
		p, _ := strconv.Unquote(imp.Path.Value)
		name := path.Base(p)
		if imp.Name != nil {
			name = imp.Name.Name
		}
		paths[name] = strconv.Quote(p)
	}
	var out bytes.Buffer
	for _, decl := range file.Decls {
		if gd, ok := decl.(*ast.GenDecl); ok && gd.Tok == token.IMPORT {
			continue
		}
		ast.Inspect(decl, func(n ast.Node) bool {
			// A package name resolves to nothing in the file (Obj is nil).
			if sel, ok := n.(*ast.SelectorExpr); ok {
				if id, ok := sel.X.(*ast.Ident); ok && id.Obj == nil && paths[id.Name] != "" {
					id.Name = paths[id.Name]
				}
			}
			return true
		})
		if err := printer.Fprint(&out, fset, decl); err != nil {
			return "", err
		}
		out.WriteString("\n")
	}
	return out.String(), nil
}
