package markers

import (
	"go/ast"
	"go/token"
	"slices"
	"strings"
)

// PackageLevel reads the markers called one of names that controller-tools
// takes as package markers in a file (markers.PackageMarkers): those in the
// package clause's comments and in comment groups outside every
// declaration that are no declaration's doc or line comment, such as the
// block kubebuilder writes, a blank line above a Reconcile func's doc.
// Markers in the doc comment of a func, var or const are no package
// markers to controller-tools; nor those inside a declaration.
//
// Only markers named (or misspelled near) one of names are read: other
// markers in free comments (+kubebuilder:scaffold:…) belong to other tools.
// misplaced are the markers of names in doc comments of declarations, which
// controller-tools ignores there.
func PackageLevel(fset *token.FileSet, file *ast.File, names ...string) (set, misplaced Set, errs []error) {
	return ParsePackageComments(fset, file, names...).Named(names...)
}

// PackageComments are the markers of a file's comments that PackageLevel
// reads for some names, parsed once, so that several generators can each
// take theirs (Named, with some of those names) without parsing the file
// again.
type PackageComments struct {
	free, docs []parsedComment
}

// parsedComment is what ParseGroups found in one comment line.
type parsedComment struct {
	found Set
	errs  []error
}

// ParsePackageComments parses the markers of the file's package-level
// comments and of its declarations' doc comments that may be called one of
// names or misspell one: other markers (a type's validation markers, say)
// are no business of Named's, and parsing them, with a suggestion for
// each one the catalog does not know, was most of the cost.
func ParsePackageComments(fset *token.FileSet, file *ast.File, names ...string) *PackageComments {
	free, docs := commentGroups(file)
	return &PackageComments{free: parseComments(fset, free, names), docs: parseComments(fset, docs, names)}
}

func parseComments(fset *token.FileSet, groups []*ast.CommentGroup, names []string) []parsedComment {
	var out []parsedComment
	for _, group := range groups {
		for _, comment := range group.List {
			if !mayBeNamed(comment.Text, names) {
				continue
			}
			found, errs := ParseGroups(fset, OnPackage|OnType, &ast.CommentGroup{List: []*ast.Comment{comment}})
			if len(found) > 0 {
				out = append(out, parsedComment{found: found, errs: errs})
			}
		}
	}
	return out
}

// mayBeNamed reports whether the comment line may hold a marker that
// namedMarkers keeps or calls a misspelling of one of names: the marker's
// name is a ':'-prefix of the name scanned from the line, and a
// misspelling is within two edits of a name on one of its ':'-prefixes.
func mayBeNamed(comment string, names []string) bool {
	text, ok := strings.CutPrefix(comment, "//")
	text = strings.TrimSpace(text)
	if !ok || len(text) < 2 || text[0] != '+' {
		return false
	}
	return nearPrefix(scan(text[1:]).Name, names) != ""
}

// Named is PackageLevel's answer for names, which are some of those the
// comments were parsed for.
func (c *PackageComments) Named(names ...string) (set, misplaced Set, errs []error) {
	set, errs = namedMarkers(c.free, names)
	misplaced, _ = namedMarkers(c.docs, names)
	return set, misplaced, errs
}

func namedMarkers(comments []parsedComment, names []string) (Set, []error) {
	var set Set
	var errs []error
	for _, comment := range comments {
		for _, m := range comment.found {
			if slices.Contains(names, m.Name) {
				set = append(set, m)
				errs = append(errs, comment.errs...)
			} else if near := misspelt(m, names); near != "" {
				errs = append(errs, errorf(m.Pos, "unknown marker %q (did you mean %q?)", "+"+m.Name, "+"+near))
			}
		}
	}
	return set, errs
}

// commentGroups are the file's comment groups that controller-tools reads
// package markers from, and the doc comments of its declarations, in source
// order.
func commentGroups(file *ast.File) (free, docs []*ast.CommentGroup) {
	owned := map[*ast.CommentGroup]bool{}
	isDoc := map[*ast.CommentGroup]bool{}
	type span struct{ from, to token.Pos }
	var inside []span
	for _, decl := range file.Decls {
		inside = append(inside, span{decl.Pos(), decl.End()})
		switch decl := decl.(type) {
		case *ast.FuncDecl:
			isDoc[decl.Doc] = true
		case *ast.GenDecl:
			isDoc[decl.Doc] = true
			for _, spec := range decl.Specs {
				switch spec := spec.(type) {
				case *ast.TypeSpec:
					isDoc[spec.Doc], owned[spec.Comment] = true, true
				case *ast.ValueSpec:
					isDoc[spec.Doc], owned[spec.Comment] = true, true
				case *ast.ImportSpec:
					isDoc[spec.Doc], owned[spec.Comment] = true, true
				}
			}
		}
	}
	for _, group := range file.Comments {
		switch {
		case group == file.Doc:
			free = append(free, group)
		case isDoc[group]:
			docs = append(docs, group)
		case owned[group]:
		case slices.ContainsFunc(inside, func(s span) bool { return group.Pos() >= s.from && group.End() <= s.to }):
		default:
			free = append(free, group)
		}
	}
	return free, docs
}

// misspelt is the name among names that the unknown marker m misspells
// (+kubebuilder:rabc:groups=… for kubebuilder:rbac), or "". The names are
// short, so it compares every ':'-prefix of m's name, within two edits.
func misspelt(m Marker, names []string) string {
	if m.Def != nil {
		return ""
	}
	return nearPrefix(m.Name, names)
}

// nearPrefix is the first of names within two edits of a ':'-prefix of
// name (the longest first), or "".
func nearPrefix(name string, names []string) string {
	for prefix := name; prefix != ""; {
		for _, candidate := range names {
			if editDistance(prefix, candidate) <= 2 {
				return candidate
			}
		}
		cut := strings.LastIndexByte(prefix, ':')
		if cut < 0 {
			break
		}
		prefix = prefix[:cut]
	}
	return ""
}
