package load

import (
	"go/ast"
	"go/token"
	"go/types"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"golang.org/x/tools/go/packages"

	"github.com/metagen-dev/metagen/generators/diag"
	"github.com/metagen-dev/metagen/generators/markers"
	"github.com/metagen-dev/metagen/generators/model"
)

// buildPackage turns one checked input package into the model, reading the
// markers of the package, its named types and their fields through the run's
// comment index, which so parses each comment group's markers once.
func buildPackage(fset *token.FileSet, comments *model.Comments, c *checkedPackage) (*model.Package, []error) {
	out := &model.Package{
		Path:           c.list.PkgPath,
		Name:           c.list.Name,
		Dir:            packageDir(c.list),
		ModuleDir:      moduleDirOf(c.list),
		Types:          c.types,
		Info:           c.info,
		Syntax:         c.syntax,
		GeneratedFiles: c.generated,
	}
	comments.AddInput(out)
	var errs []error
	files := make([]*model.FileComments, len(out.Syntax))
	for i, file := range out.Syntax {
		files[i] = comments.AddFile(file)
		for _, group := range commentsAbovePackageClause(file) {
			set, markerErrs := files[i].Markers(group, markers.OnPackage)
			out.Markers = append(out.Markers, set...)
			errs = append(errs, markerErrs...)
		}
	}
	if c.types == nil {
		return out, errs
	}
	for i, file := range out.Syntax {
		types, typeErrs := namedTypes(fset, files[i], out, file)
		out.NamedTypes = append(out.NamedTypes, types...)
		errs = append(errs, typeErrs...)
		errs = append(errs, gengoOnlyWarnings(files[i])...)
	}
	return out, errs
}

// gengoOnlyWarnings are the problems of the markers in the comments that
// only gengo reads as a type's or field's (GengoOnlyProblems), as warnings:
// the user may not mean such a comment as the declaration's, and a
// generator that reads it (openapi) reads it as openapi-gen does.
func gengoOnlyWarnings(file *model.FileComments) []error {
	var warnings []error
	for _, err := range file.GengoOnlyProblems() {
		if e, ok := err.(*diag.Error); ok {
			warnings = append(warnings, diag.Warnf(e.Pos, "%s (a comment openapi-gen reads as the declaration's below it)", e.Msg))
		}
	}
	return warnings
}

// moduleDirOf is the root of the package's module (in a go.work workspace,
// its own module: output goes there).
func moduleDirOf(pkg *packages.Package) string {
	if pkg.Module == nil {
		return ""
	}
	return pkg.Module.Dir
}

func packageDir(pkg *packages.Package) string {
	if pkg.Dir != "" {
		return pkg.Dir
	}
	if len(pkg.GoFiles) > 0 {
		return filepath.Dir(pkg.GoFiles[0])
	}
	return ""
}

// commentsAbovePackageClause are where code-generator reads package tags
// (conventionally doc.go's package comment and the blocks above it).
func commentsAbovePackageClause(file *ast.File) []*ast.CommentGroup {
	var groups []*ast.CommentGroup
	for _, group := range file.Comments {
		if group.End() < file.Package {
			groups = append(groups, group)
		}
	}
	return groups
}

func namedTypes(fset *token.FileSet, comments *model.FileComments, pkg *model.Package, file *ast.File) ([]*model.Type, []error) {
	var out []*model.Type
	var errs []error
	var endLines []int
	for _, decl := range file.Decls {
		gen, ok := decl.(*ast.GenDecl)
		if !ok || gen.Tok != token.TYPE {
			continue
		}
		if endLines == nil {
			endLines = commentEndLines(fset, file)
		}
		for _, spec := range gen.Specs {
			spec := spec.(*ast.TypeSpec)
			doc := spec.Doc
			if doc == nil && !gen.Lparen.IsValid() {
				doc = gen.Doc
			}
			anchor := spec.Pos()
			if doc != nil {
				anchor = doc.Pos()
			}
			secondSet, secondErrs := comments.Markers(secondClosestComment(fset, file, endLines, anchor), markers.OnType)
			docSet, docErrs := comments.Markers(doc, markers.OnType)
			set := slices.Concat(secondSet, docSet)
			errs = append(append(errs, secondErrs...), docErrs...)
			object, _ := pkg.Info.Defs[spec.Name].(*types.TypeName)
			if object == nil {
				continue
			}
			t := &model.Type{
				Name:    spec.Name.Name,
				Package: pkg,
				Object:  object,
				Pos:     fset.Position(spec.Name.Pos()),
				Doc:     docText(doc),
				Markers: set,
			}
			if structType, ok := spec.Type.(*ast.StructType); ok && spec.Assign == 0 {
				fields, fieldErrs := structFields(fset, comments, pkg.Info, structType)
				t.Fields = fields
				errs = append(errs, fieldErrs...)
			}
			out = append(out, t)
		}
	}
	return out, errs
}

// secondClosestComment is the comment block that ends one blank line above
// the doc comment: gengo reads tags from it as well (SecondClosestCommentLines).
func secondClosestComment(fset *token.FileSet, file *ast.File, endLines []int, anchor token.Pos) *ast.CommentGroup {
	anchorLine := fset.Position(anchor).Line
	for i, line := range endLines {
		if line == anchorLine-2 {
			return file.Comments[i]
		}
	}
	return nil
}

// commentEndLines are the lines file.Comments end on, found once per file:
// secondClosestComment looks for every type declaration, and a file such as
// k8s.io/api's core/v1 types.go holds hundreds of types and thousands of
// comment groups (a position lookup each made this quadratic).
func commentEndLines(fset *token.FileSet, file *ast.File) []int {
	lines := make([]int, len(file.Comments))
	for i, group := range file.Comments {
		lines[i] = fset.Position(group.End()).Line
	}
	return lines
}

func structFields(fset *token.FileSet, comments *model.FileComments, info *types.Info, structType *ast.StructType) ([]*model.Field, []error) {
	var out []*model.Field
	var errs []error
	for _, field := range structType.Fields.List {
		set, markerErrs := comments.Markers(field.Doc, markers.OnField)
		errs = append(errs, markerErrs...)
		tag := ""
		if field.Tag != nil {
			tag, _ = strconv.Unquote(field.Tag.Value)
		}
		idents := field.Names
		if len(idents) == 0 {
			idents = []*ast.Ident{embeddedIdent(field.Type)}
		}
		for _, ident := range idents {
			v, _ := info.Defs[ident].(*types.Var)
			if v == nil {
				v, _ = info.Implicits[field].(*types.Var)
			}
			if v == nil {
				continue
			}
			out = append(out, newField(fset, v, ident, tag, field.Doc, set))
		}
	}
	return out, errs
}

func newField(fset *token.FileSet, v *types.Var, ident *ast.Ident, tag string, doc *ast.CommentGroup, set markers.Set) *model.Field {
	f := model.NewField(v, tag)
	f.Pos, f.Doc, f.Markers = fset.Position(ident.Pos()), docText(doc), set
	return f
}

// embeddedIdent finds the name of an embedded field: T, *T, pkg.T, T[X].
func embeddedIdent(expr ast.Expr) *ast.Ident {
	for {
		switch e := expr.(type) {
		case *ast.Ident:
			return e
		case *ast.StarExpr:
			expr = e.X
		case *ast.SelectorExpr:
			return e.Sel
		case *ast.IndexExpr:
			expr = e.X
		case *ast.IndexListExpr:
			expr = e.X
		default:
			return ast.NewIdent("_")
		}
	}
}

// docText is the doc comment without marker lines.
func docText(group *ast.CommentGroup) string {
	if group == nil {
		return ""
	}
	var lines []string
	for _, line := range strings.Split(group.Text(), "\n") {
		if strings.HasPrefix(strings.TrimSpace(line), "+") {
			continue
		}
		lines = append(lines, line)
	}
	return strings.TrimSpace(strings.Join(lines, "\n"))
}
