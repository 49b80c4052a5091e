package model

import (
	"go/ast"
	"go/token"
	"slices"
	"strings"

	"github.com/metagen-dev/metagen/generators/markers"
)

// CommentLine is one line of a comment as gengo's code-generator tools
// (conversion-gen, defaulter-gen) read it: the text after "//", blanks
// kept, with the position of its first non-blank character.
type CommentLine struct {
	Text string
	Pos  token.Position
}

// CommentLines are the lines of the comment group that ends on the line
// above the declaration at pos, with their positions: gengo's CommentLines.
func (c *Comments) CommentLines(pos token.Pos) []CommentLine {
	file, group := c.groupAbove(pos)
	return file.positionedLines(group)
}

// SecondClosestCommentLines are the lines of the comment group that ends
// one blank line above the closest one (gengo's SecondClosestCommentLines),
// where gengo reads a type's package-style tags (+k8s:defaulter-gen=true).
func (c *Comments) SecondClosestCommentLines(pos token.Pos) []CommentLine {
	file, closest := c.groupAbove(pos)
	if closest == nil {
		return nil
	}
	return file.positionedLines(file.byEndLine[file.fset.Position(closest.Pos()).Line-2])
}

// SecondClosestMarkers are the markers, read for target, of the comment
// group that ends one blank line above the closest one: controller-gen reads
// a type's markers there as well as in its doc (kubebuilder's
// "// +kubebuilder:object:root=true", a blank line, then the doc).
func (c *Comments) SecondClosestMarkers(pos token.Pos, target markers.Target) markers.Set {
	file, closest := c.groupAbove(pos)
	if closest == nil {
		return nil
	}
	group := file.byEndLine[file.fset.Position(closest.Pos()).Line-2]
	if group == nil {
		return nil
	}
	set, _ := file.Markers(group, target)
	return set
}

// MarkersAbove returns the markers of the comment above the declaration at
// pos read for target, with their problems, for the generators that read
// the comments of declarations the load does not read markers of (a
// function's, a constant's): parsed once per group and target, as the
// load's. A dependency's problems come back too: the caller decides.
func (c *Comments) MarkersAbove(pos token.Pos, target markers.Target) (markers.Set, []error) {
	file, group := c.groupAbove(pos)
	if group == nil {
		return nil, nil
	}
	return file.Markers(group, target)
}

// GroupMarkers returns the markers of one comment group of an input file
// (a constant's doc comment, as go/parser attaches it) read for target,
// with their problems, parsed once per group and target, as MarkersAbove.
func (c *Comments) GroupMarkers(group *ast.CommentGroup, target markers.Target) (markers.Set, []error) {
	if group == nil {
		return nil, nil
	}
	file := c.file(c.fset.Position(group.Pos()).Filename)
	if file == nil {
		return nil, nil
	}
	return file.Markers(group, target)
}

// groupAbove is the file of pos and its comment group that ends on the
// line above pos (nil, nil when there is none).
func (c *Comments) groupAbove(pos token.Pos) (*FileComments, *ast.CommentGroup) {
	position := c.fset.Position(pos)
	file := c.file(position.Filename)
	if file == nil {
		return nil, nil
	}
	group := file.byEndLine[position.Line-1]
	if group == nil {
		return nil, nil
	}
	return file, group
}

// positionedLines are the group's lines with their positions, computed
// once; nil for no group.
func (f *FileComments) positionedLines(group *ast.CommentGroup) []CommentLine {
	if group == nil {
		return nil
	}
	f.mu.Lock()
	defer f.mu.Unlock()
	if lines, ok := f.positioned[group]; ok {
		return lines
	}
	lines := make([]CommentLine, 0, len(group.List))
	for _, comment := range group.List {
		text := strings.TrimPrefix(comment.Text, "//")
		pos := f.fset.Position(comment.Slash)
		pos.Column += 2 + len(text) - len(strings.TrimLeft(text, " \t"))
		lines = append(lines, CommentLine{Text: text, Pos: pos})
	}
	lines = slices.Clip(lines)
	f.positioned[group] = lines
	return lines
}

// TagValues are the values of +name=value tags among lines, as gengo's
// ExtractCommentTagsWithoutArguments reads them (the text after '=', as
// written), with their positions: conversion-gen's and defaulter-gen's
// reading of their tags, which reads the second closest comment too and
// takes values the marker catalog does not check.
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
