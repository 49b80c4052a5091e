package openapi

import (
	"go/ast"
	"go/parser"
	"go/token"
	"go/types"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"

	"github.com/metagen-dev/metagen/generators/diag"
	"github.com/metagen-dev/metagen/generators/markers"
	"github.com/metagen-dev/metagen/generators/model"
)

// source reads the comments of declarations as openapi-gen (gengo) sees
// them: the comment lines of an object are the comment group that ends on the
// line just above it. It serves the input packages from their parsed files
// and the dependencies, which the load took from export data, by parsing
// only the files whose declarations are asked for.
type source struct {
	fset   *token.FileSet
	inputs map[string]*model.Package // by import path

	mu       sync.Mutex
	files    map[string]*commentFile // by file name
	packages map[string]*packageComments
	// problems are those of the input packages' markers that only
	// openapi-gen's reading finds (markerProblems): the run's, reported once.
	problems []error
}

// commentFile is one file's comment groups, by the line each ends on, and
// what its type declarations name.
type commentFile struct {
	fset      *token.FileSet // the file set the groups' positions belong to
	byEndLine map[int]*ast.CommentGroup
	// typeExprs are the type expressions of the file's type declarations, by
	// the line of the declared name (export data may not keep its column).
	typeExprs map[int]ast.Expr
	imports   []*ast.ImportSpec
	// docs are the groups go/parser attaches to a type or a field as its
	// doc, which controller-gen reads: not a comment that ends the line of
	// the field above, which gengo reads as the next field's.
	docs map[*ast.CommentGroup]bool
}

// packageComments are the comment lines gengo reads as package tags: every
// comment of doc.go.
type packageComments struct {
	lines   []string
	markers markers.Set
}

func newSource(universe *model.Universe) *source {
	s := &source{
		fset:     universe.Fset,
		inputs:   map[string]*model.Package{},
		files:    map[string]*commentFile{},
		packages: map[string]*packageComments{},
	}
	for _, pkg := range universe.Packages {
		s.inputs[pkg.Path] = pkg
		for _, file := range pkg.Syntax {
			name := universe.Fset.Position(file.FileStart).Filename
			s.files[name] = indexComments(universe.Fset, file)
			s.problems = append(s.problems, s.files[name].markerProblems(universe.Fset, file)...)
		}
	}
	return s
}

// markerProblems are the problems of the markers openapi-gen reads above the
// file's types and fields (the comment that ends on the line above, which
// is not always the doc comment the load reads markers from), as warnings:
// the load has reported those of the doc comments as errors already, and a
// comment only gengo takes for a declaration's is one the user may not mean
// as its doc. Read once, when the run is prepared.
func (f *commentFile) markerProblems(fset *token.FileSet, file *ast.File) []error {
	var problems []error
	check := func(pos token.Pos, target markers.Target) {
		group := f.byEndLine[fset.Position(pos).Line-1]
		if group == nil || f.docs[group] {
			return // none, or the doc comment: the load's
		}
		_, errs := markers.ParseGroups(fset, target, group)
		for _, err := range errs {
			if e, ok := err.(*diag.Error); ok {
				problems = append(problems, diag.Warnf(e.Pos, "%s (a comment openapi-gen reads as the declaration's below it)", e.Msg))
			}
		}
	}
	ast.Inspect(file, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.TypeSpec:
			check(n.Name.Pos(), markers.OnType)
		case *ast.Field:
			check(n.Pos(), markers.OnField)
		case *ast.FuncDecl:
			return false
		}
		return true
	})
	return problems
}

func indexComments(fset *token.FileSet, file *ast.File) *commentFile {
	index := &commentFile{fset: fset, byEndLine: map[int]*ast.CommentGroup{}, typeExprs: map[int]ast.Expr{}, imports: file.Imports,
		docs: map[*ast.CommentGroup]bool{}}
	for _, group := range file.Comments {
		index.byEndLine[fset.Position(group.End()).Line] = group
	}
	for _, decl := range file.Decls {
		gen, ok := decl.(*ast.GenDecl)
		if !ok || gen.Tok != token.TYPE {
			continue
		}
		if !gen.Lparen.IsValid() {
			index.addDoc(gen.Doc) // type T …: the doc is the declaration's
		}
		ast.Inspect(gen, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.Field:
				index.addDoc(n.Doc)
			case *ast.TypeSpec:
				index.addDoc(n.Doc)
			}
			return true
		})
		for _, spec := range gen.Specs {
			if ts, ok := spec.(*ast.TypeSpec); ok && !ts.Assign.IsValid() {
				index.typeExprs[fset.Position(ts.Name.Pos()).Line] = ts.Type
			}
		}
	}
	return index
}

func (f *commentFile) addDoc(group *ast.CommentGroup) {
	if group != nil {
		f.docs[group] = true
	}
}

// declaredBase returns the named type that the declaration of obj names
// (B in type A B), or nil. go/types keeps only the underlying type of A,
// and B's markers apply to A too, as controller-gen reads them.
func (s *source) declaredBase(obj *types.TypeName) *types.Named {
	position := s.fset.Position(obj.Pos())
	file := s.file(position.Filename)
	if file == nil || obj.Pkg() == nil {
		return nil
	}
	var base types.Object
	switch expr := file.typeExprs[position.Line].(type) {
	case *ast.Ident:
		base = obj.Pkg().Scope().Lookup(expr.Name)
	case *ast.SelectorExpr:
		if pkg, ok := expr.X.(*ast.Ident); ok {
			if imported := file.importNamed(obj.Pkg(), pkg.Name); imported != nil {
				base = imported.Scope().Lookup(expr.Sel.Name)
			}
		}
	}
	if base, ok := base.(*types.TypeName); ok && !base.IsAlias() {
		named, _ := base.Type().(*types.Named)
		return named
	}
	return nil
}

// importNamed is the package the file imports under name.
func (f *commentFile) importNamed(from *types.Package, name string) *types.Package {
	for _, spec := range f.imports {
		path, err := strconv.Unquote(spec.Path.Value)
		if err != nil {
			continue
		}
		for _, imported := range from.Imports() {
			if imported.Path() != path {
				continue
			}
			local := imported.Name()
			if spec.Name != nil {
				local = spec.Name.Name
			}
			if local == name {
				return imported
			}
		}
	}
	return nil
}

// comment is the doc comment of one declaration.
type comment struct {
	// Lines are the comment's lines as gengo splits them.
	Lines []string
	// Markers are read from the same lines.
	Markers markers.Set
	// Pos is where the declaration is.
	Pos token.Position
	// Doc is the same group when go/parser attaches it to the declaration
	// as its doc (nil otherwise): what controller-gen describes a CRD from.
	Doc *ast.CommentGroup
}

// commentOf returns the comment above the object declared at pos, with its
// markers read for target. Marker problems are not reported here: those of
// the input packages were, once (the load's, and markerProblems when the
// run was prepared); a dependency's are not the user's to fix, and
// openapi-gen reads past them as well.
func (s *source) commentOf(pos token.Pos, target markers.Target) comment {
	position := s.fset.Position(pos)
	out := comment{Pos: position}
	file := s.file(position.Filename)
	if file == nil {
		return out
	}
	group := file.byEndLine[position.Line-1]
	if group == nil {
		return out
	}
	out.Lines = splitLines(group.Text())
	out.Markers, _ = markers.ParseGroups(file.fset, target, group)
	if file.docs[group] {
		out.Doc = group
	}
	return out
}

// linesOf returns only the comment lines above the object declared at pos.
func (s *source) linesOf(pos token.Pos) []string {
	position := s.fset.Position(pos)
	if file := s.file(position.Filename); file != nil {
		if group := file.byEndLine[position.Line-1]; group != nil {
			return splitLines(group.Text())
		}
	}
	return nil
}

// file returns the comments of a file, parsing a dependency's file on first use.
func (s *source) file(name string) *commentFile {
	if name == "" {
		return nil
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if file, ok := s.files[name]; ok {
		return file
	}
	var index *commentFile
	fset := token.NewFileSet()
	if parsed, err := parser.ParseFile(fset, name, nil, parser.ParseComments|parser.SkipObjectResolution); err == nil {
		index = indexComments(fset, parsed)
	}
	s.files[name] = index // nil when unreadable: the declaration has no comments
	return index
}

// packageOf returns the package comments of the package that declares obj:
// for an input package its markers from the model, for a dependency every
// comment of its doc.go, as gengo reads them.
func (s *source) packageOf(obj types.Object) *packageComments {
	path := obj.Pkg().Path()
	s.mu.Lock()
	cached, ok := s.packages[path]
	s.mu.Unlock()
	if ok {
		return cached
	}
	out := &packageComments{}
	if input := s.inputs[path]; input != nil {
		out.markers = input.Markers
	} else if dir := filepath.Dir(s.fset.Position(obj.Pos()).Filename); dir != "." {
		out.lines, out.markers = readDocGo(filepath.Join(dir, "doc.go"))
	}
	s.mu.Lock()
	s.packages[path] = out
	s.mu.Unlock()
	return out
}

func readDocGo(name string) ([]string, markers.Set) {
	if _, err := os.Stat(name); err != nil {
		return nil, nil
	}
	fset := token.NewFileSet()
	file, err := parser.ParseFile(fset, name, nil, parser.ParseComments|parser.SkipObjectResolution)
	if err != nil {
		return nil, nil
	}
	var lines []string
	for _, group := range file.Comments {
		lines = append(lines, splitLines(group.Text())...)
	}
	set, _ := markers.ParseGroups(fset, markers.OnPackage, file.Comments...)
	return lines, set
}

// splitLines splits comment text into lines as gengo does.
func splitLines(text string) []string {
	lines := strings.Split(strings.TrimRight(text, "\n"), "\n")
	if len(lines) == 1 && lines[0] == "" {
		return nil
	}
	return lines
}

// isInput reports whether the package is one of the packages being generated.
func (s *source) isInput(pkg *types.Package) bool {
	return pkg != nil && s.inputs[pkg.Path()] != nil
}
