// Package gengo is gengo's view of Go declarations, which the
// code-generator tools metagen replaces see: comment lines read by line
// (CommentLines, SecondClosestCommentLines) and type kinds, where a named
// type of a basic, map or slice type is an "alias" of that anonymous type.
package gengo

import (
	"go/ast"
	"go/parser"
	"go/token"
	"strings"
	"sync"
)

// Comments reads comment lines as gengo does: an object's comment lines are
// the comment group that ends on the line above it, and the second closest
// ones the group that ends one blank line above those. It parses a file
// only when one of its declarations is asked for, which serves the input
// packages and the dependencies (from export data positions) alike.
type Comments struct {
	mu    sync.Mutex
	files map[string]map[int]commentGroup // by file name, by end line
}

type commentGroup struct {
	startLine int
	lines     []CommentLine
}

// CommentLine is one line of a comment, without "//", with its position.
type CommentLine struct {
	Text string
	Pos  token.Position
}

func NewComments() *Comments { return &Comments{files: map[string]map[int]commentGroup{}} }

// Above returns the comment lines that end on the line above pos, and the
// group above those when second is set.
func (c *Comments) Above(pos token.Position, second bool) []CommentLine {
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

func (c *Comments) file(name string) map[int]commentGroup {
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
		out.lines = append(out.lines, CommentLine{Text: text, Pos: pos})
	}
	return out
}

// TagValues are the values of +name=value tags among lines, as gengo's
// ExtractCommentTagsWithoutArguments reads them, with their positions.
func TagValues(lines []CommentLine, name string) []CommentLine {
	var out []CommentLine
	for _, line := range lines {
		text := strings.TrimSpace(line.Text)
		rest, ok := strings.CutPrefix(text, "+"+name)
		if !ok || (rest != "" && rest[0] != '=') {
			continue
		}
		out = append(out, CommentLine{Text: strings.TrimPrefix(rest, "="), Pos: line.Pos})
	}
	return out
}
