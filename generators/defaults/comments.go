package defaults

import (
	"go/ast"
	"go/parser"
	"go/token"
	"strings"
	"sync"
)

// comments reads comment lines as gengo does: an object's comment lines are
// the comment group that ends on the line above it, and the second closest
// ones the group that ends one blank line above those. It parses a file
// only when one of its declarations is asked for, which serves the input
// packages and the dependencies (from export data positions) alike.
type comments struct {
	mu    sync.Mutex
	files map[string]map[int]commentGroup // by file name, by end line
}

type commentGroup struct {
	startLine int
	lines     []commentLine
}

// commentLine is one line of a comment, without "//", with its position.
type commentLine struct {
	text string
	pos  token.Position
}

func newComments() *comments { return &comments{files: map[string]map[int]commentGroup{}} }

// above returns the comment lines that end on the line above pos, and the
// group above those when second is set.
func (c *comments) above(pos token.Position, second bool) []commentLine {
	groups := c.file(pos.Filename)
	group, ok := groups[pos.Line-1]
	if !ok {
		return nil
	}
	if !second {
		return group.lines
	}
	return groups[group.startLine-2].lines
}

func (c *comments) file(name string) map[int]commentGroup {
	c.mu.Lock()
	defer c.mu.Unlock()
	if groups, ok := c.files[name]; ok {
		return groups
	}
	groups := map[int]commentGroup{}
	fset := token.NewFileSet()
	if file, err := parser.ParseFile(fset, name, nil, parser.ParseComments|parser.SkipObjectResolution); err == nil {
		for _, group := range file.Comments {
			groups[fset.Position(group.End()).Line] = newCommentGroup(fset, group)
		}
	}
	c.files[name] = groups
	return groups
}

func newCommentGroup(fset *token.FileSet, group *ast.CommentGroup) commentGroup {
	out := commentGroup{startLine: fset.Position(group.Pos()).Line}
	for _, comment := range group.List {
		text := strings.TrimPrefix(comment.Text, "//")
		pos := fset.Position(comment.Slash)
		pos.Column += 2 + len(text) - len(strings.TrimLeft(text, " \t"))
		out.lines = append(out.lines, commentLine{text: text, pos: pos})
	}
	return out
}

// tagValues are the values of +name=value tags among lines, as gengo's
// ExtractCommentTagsWithoutArguments reads them, with their positions.
func tagValues(lines []commentLine, name string) []commentLine {
	var out []commentLine
	for _, line := range lines {
		text := strings.TrimSpace(line.text)
		rest, ok := strings.CutPrefix(text, "+"+name)
		if !ok || (rest != "" && rest[0] != '=') {
			continue
		}
		out = append(out, commentLine{text: strings.TrimPrefix(rest, "="), pos: line.pos})
	}
	return out
}
