package model

import (
	"go/ast"
	"go/parser"
	"go/token"
	"go/types"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"

	"github.com/metagen-dev/metagen/generators/markers"
)

// Comments is the run's one comment index: the comment above every
// declaration, as gengo (openapi-gen and the other code-generator tools)
// reads it — the comment group that ends on the line just above — with its
// markers, parsed once per group and target. It serves the input packages
// from the files the load parsed, and the dependencies, which the load typed
// from export data (so without comments), by parsing on first use only the
// files that declare what is asked for. Safe for concurrent use.
type Comments struct {
	fset   *token.FileSet
	inputs map[string]*Package // by import path

	mu       sync.Mutex
	files    map[string]*lazyFile   // by file name
	packages map[string]markers.Set // a dependency's package markers, by import path
	// packageComments are the input files' package-level comments, by the
	// names they were parsed for (PackageComments).
	packageComments map[string]*packageCommentsRun
}

// Comment is the comment above one declaration.
type Comment struct {
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

// NewComments returns an empty index of declarations whose positions are in
// fset; the load adds each input file with AddFile.
func NewComments(fset *token.FileSet) *Comments {
	return &Comments{fset: fset, inputs: map[string]*Package{}, files: map[string]*lazyFile{}, packages: map[string]markers.Set{},
		packageComments: map[string]*packageCommentsRun{}}
}

// AddInput records pkg as an input package: its package comments are its
// Markers, and its files are those the load adds with AddFile.
func (c *Comments) AddInput(pkg *Package) {
	c.mu.Lock()
	c.inputs[pkg.Path] = pkg
	c.mu.Unlock()
}

// AddFile indexes a parsed input file (positions in the index's file set)
// and returns its index, through which the load reads the file's markers, so
// that each comment group's markers are parsed once in the run.
func (c *Comments) AddFile(file *ast.File) *FileComments {
	name := c.fset.Position(file.FileStart).Filename
	index := indexFile(c.fset, file)
	lazy := &lazyFile{index: index}
	lazy.once.Do(func() {})
	c.mu.Lock()
	c.files[name] = lazy
	c.mu.Unlock()
	return index
}

// IsInput reports whether the package is one of the packages being generated.
func (c *Comments) IsInput(pkg *types.Package) bool {
	if pkg == nil {
		return false
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.inputs[pkg.Path()] != nil
}

// Of returns the comment above the object declared at pos, with its markers
// read for target. Marker problems are not reported here: those of the input
// packages are the load's (the doc comments' as errors, the others as
// warnings: GengoOnlyProblems); a dependency's are not the user's to fix, and
// openapi-gen reads past them as well.
func (c *Comments) Of(pos token.Pos, target markers.Target) Comment {
	out := Comment{Pos: c.fset.Position(pos)}
	file, group := c.groupAbove(pos)
	if group == nil {
		return out
	}
	out.Lines = file.lines(group)
	out.Markers, _ = file.Markers(group, target)
	if file.docs[group] {
		out.Doc = group
	}
	return out
}

// Lines returns only the comment lines above the object declared at pos.
func (c *Comments) Lines(pos token.Pos) []string {
	if file, group := c.groupAbove(pos); group != nil {
		return file.lines(group)
	}
	return nil
}

// DeclaredBase returns the named type that the declaration of obj names
// (B in type A B), or nil. go/types keeps only the underlying type of A,
// and B's markers apply to A too, as controller-gen reads them.
func (c *Comments) DeclaredBase(obj *types.TypeName) *types.Named {
	position := c.fset.Position(obj.Pos())
	file := c.file(position.Filename)
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

// PackageMarkers returns the package markers of the package that declares
// obj: for an input package those the load read above its package clauses
// (Package.Markers), for a dependency those of every comment of its doc.go,
// where gengo reads package tags.
func (c *Comments) PackageMarkers(obj types.Object) markers.Set {
	path := obj.Pkg().Path()
	c.mu.Lock()
	input := c.inputs[path]
	cached, ok := c.packages[path]
	c.mu.Unlock()
	if input != nil {
		return input.Markers
	}
	if ok {
		return cached
	}
	var set markers.Set
	if dir := filepath.Dir(c.fset.Position(obj.Pos()).Filename); dir != "." {
		set = readDocGo(filepath.Join(dir, "doc.go"))
	}
	c.mu.Lock()
	if cached, ok := c.packages[path]; ok {
		set = cached // another goroutine was first: one value per package
	} else {
		c.packages[path] = set
	}
	c.mu.Unlock()
	return set
}

// ParsedFiles are the names of the dependency files the index has parsed so
// far, sorted: what a run read besides its input packages.
func (c *Comments) ParsedFiles() []string {
	c.mu.Lock()
	defer c.mu.Unlock()
	var out []string
	for name, lazy := range c.files {
		if lazy.dependency {
			out = append(out, name)
		}
	}
	slices.Sort(out)
	return out
}

// lazyFile is a file's index, built on first use for a dependency's file.
type lazyFile struct {
	once       sync.Once
	index      *FileComments // nil when the file cannot be read or parsed
	dependency bool
}

// file returns the index of a file, parsing a dependency's file on first
// use; different files are parsed in parallel.
func (c *Comments) file(name string) *FileComments {
	if name == "" {
		return nil
	}
	c.mu.Lock()
	lazy, ok := c.files[name]
	if !ok {
		lazy = &lazyFile{dependency: true}
		c.files[name] = lazy
	}
	c.mu.Unlock()
	lazy.once.Do(func() {
		fset := token.NewFileSet()
		if parsed, err := parser.ParseFile(fset, name, nil, parser.ParseComments|parser.SkipObjectResolution); err == nil {
			lazy.index = indexFile(fset, parsed)
		}
	})
	return lazy.index
}

// FileComments is one file's comment groups, by the line each ends on,
// with what its type declarations name.
type FileComments struct {
	fset      *token.FileSet // the file set the groups' positions belong to
	file      *ast.File
	byEndLine map[int]*ast.CommentGroup
	// typeExprs are the type expressions of the file's type declarations, by
	// the line of the declared name (export data may not keep its column).
	typeExprs map[int]ast.Expr
	// docs are the groups go/parser attaches to a type or a field as its
	// doc, which controller-gen reads: not a comment that ends the line of
	// the field above, which gengo reads as the next field's.
	docs map[*ast.CommentGroup]bool

	mu         sync.Mutex
	parsed     map[parsedKey]parsedMarkers
	text       map[*ast.CommentGroup][]string
	positioned map[*ast.CommentGroup][]CommentLine // gengo's lines, with positions
}

type parsedKey struct {
	group  *ast.CommentGroup
	target markers.Target
}

type parsedMarkers struct {
	set  markers.Set
	errs []error
}

func indexFile(fset *token.FileSet, file *ast.File) *FileComments {
	index := &FileComments{fset: fset, file: file, byEndLine: map[int]*ast.CommentGroup{}, typeExprs: map[int]ast.Expr{},
		docs: map[*ast.CommentGroup]bool{}, parsed: map[parsedKey]parsedMarkers{}, text: map[*ast.CommentGroup][]string{},
		positioned: map[*ast.CommentGroup][]CommentLine{}}
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

func (f *FileComments) addDoc(group *ast.CommentGroup) {
	if group != nil {
		f.docs[group] = true
	}
}

// Markers returns the markers of one of the file's comment groups written on
// target, parsed on the first call for the pair, with their problems
// (*diag.Error) every time: the caller decides whether they are its to
// report. The set is clipped, so that appending to it copies.
func (f *FileComments) Markers(group *ast.CommentGroup, target markers.Target) (markers.Set, []error) {
	if group == nil {
		return nil, nil
	}
	key := parsedKey{group, target}
	f.mu.Lock()
	defer f.mu.Unlock()
	p, ok := f.parsed[key]
	if !ok {
		p.set, p.errs = markers.ParseGroups(f.fset, target, group)
		p.set = slices.Clip(p.set)
		f.parsed[key] = p
	}
	return p.set, p.errs
}

// lines are the group's lines as gengo splits them, computed once.
func (f *FileComments) lines(group *ast.CommentGroup) []string {
	f.mu.Lock()
	defer f.mu.Unlock()
	lines, ok := f.text[group]
	if !ok {
		lines = slices.Clip(splitLines(group.Text()))
		f.text[group] = lines
	}
	return lines
}

// GengoOnlyProblems are the problems of the markers gengo reads above the
// file's types and fields in a comment that is not the declaration's doc
// comment (the comment that ends the line of the field above, say): the doc
// comments' markers are the load's, whose problems it reports itself.
func (f *FileComments) GengoOnlyProblems() []error {
	var problems []error
	check := func(pos token.Pos, target markers.Target) {
		group := f.byEndLine[f.fset.Position(pos).Line-1]
		if group == nil || f.docs[group] {
			return // none, or the doc comment: the load's
		}
		_, errs := f.Markers(group, target)
		problems = append(problems, errs...)
	}
	ast.Inspect(f.file, func(n ast.Node) bool {
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

// importNamed is the package the file imports under name.
func (f *FileComments) importNamed(from *types.Package, name string) *types.Package {
	for _, spec := range f.file.Imports {
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

// readDocGo reads the markers of every comment of a dependency's doc.go;
// their problems are not the user's to fix.
func readDocGo(name string) markers.Set {
	if _, err := os.Stat(name); err != nil {
		return nil
	}
	fset := token.NewFileSet()
	file, err := parser.ParseFile(fset, name, nil, parser.ParseComments|parser.SkipObjectResolution)
	if err != nil {
		return nil
	}
	set, _ := markers.ParseGroups(fset, markers.OnPackage, file.Comments...)
	return set
}

// splitLines splits comment text into lines as gengo does.
func splitLines(text string) []string {
	lines := strings.Split(strings.TrimRight(text, "\n"), "\n")
	if len(lines) == 1 && lines[0] == "" {
		return nil
	}
	return lines
}
