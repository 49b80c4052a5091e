package golden

import (
	"bytes"
	"go/ast"
	"go/format"
	"go/parser"
	"go/token"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
)

// ReduceModule writes the module at src's non-test Go files, without
// imports and function bodies, into a module of the same path at work, and
// returns how many it wrote: what the comment-reading generators (rbac,
// webhook) and controller-gen's read, with no dependency to download.
// Directories the go command skips (testdata, vendor, _x, .x) and nested
// modules are left out.
func ReduceModule(src, work, modulePath string) (int, error) {
	count := 0
	err := filepath.WalkDir(src, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		name := d.Name()
		if d.IsDir() {
			if path != src && (name == "testdata" || name == "vendor" || strings.HasPrefix(name, "_") || strings.HasPrefix(name, ".") || hasGoMod(path)) {
				return filepath.SkipDir
			}
			return nil
		}
		if !strings.HasSuffix(name, ".go") || strings.HasSuffix(name, "_test.go") {
			return nil
		}
		reduced, err := reduceFile(path)
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(src, path)
		out := filepath.Join(work, rel)
		if err := os.MkdirAll(filepath.Dir(out), 0o755); err != nil {
			return err
		}
		count++
		return os.WriteFile(out, reduced, 0o644)
	})
	if err != nil {
		return 0, err
	}
	return count, os.WriteFile(filepath.Join(work, "go.mod"), []byte("module "+modulePath+"\n\ngo 1.24\n"), 0o644)
}

func hasGoMod(dir string) bool {
	_, err := os.Stat(filepath.Join(dir, "go.mod"))
	return err == nil
}

// reduceFile drops the imports and the function bodies, keeping every
// comment and every declaration's position relative to its comments.
func reduceFile(path string) ([]byte, error) {
	fset := token.NewFileSet()
	file, err := parser.ParseFile(fset, path, nil, parser.ParseComments|parser.SkipObjectResolution)
	if err != nil {
		return nil, err
	}
	var bodies [][2]token.Pos
	for _, decl := range file.Decls {
		if fn, ok := decl.(*ast.FuncDecl); ok && fn.Body != nil {
			bodies = append(bodies, [2]token.Pos{fn.Body.Lbrace, fn.Body.Rbrace})
		}
	}
	var keep []*ast.CommentGroup
	for _, group := range file.Comments {
		inBody := false
		for _, body := range bodies {
			inBody = inBody || (group.Pos() > body[0] && group.End() <= body[1])
		}
		if !inBody { // neither tool reads markers in function bodies, which go
			keep = append(keep, group)
		}
	}
	decls := file.Decls[:0]
	for _, decl := range file.Decls {
		if gen, ok := decl.(*ast.GenDecl); ok && gen.Tok == token.IMPORT {
			continue
		}
		if fn, ok := decl.(*ast.FuncDecl); ok && fn.Body != nil {
			fn.Body = &ast.BlockStmt{Lbrace: fn.Body.Lbrace, Rbrace: fn.Body.Rbrace}
		}
		decls = append(decls, decl)
	}
	file.Decls, file.Imports, file.Comments = decls, nil, keep
	var out bytes.Buffer
	if err := format.Node(&out, fset, file); err != nil {
		return nil, err
	}
	return out.Bytes(), nil
}
