package load

import (
	"bytes"
	"go/scanner"
	"go/token"
	"regexp"
)

// generatedComment is Go's convention for generated files (go.dev/s/generatedcode).
var generatedComment = regexp.MustCompile(`^// Code generated .* DO NOT EDIT\.$`)

// isGeneratedByAnyTool reports whether src carries the standard generated
// code comment of any tool above its package clause.
func isGeneratedByAnyTool(src []byte) bool {
	for line := range bytes.Lines(src) {
		line = bytes.TrimSpace(line)
		if generatedComment.Match(line) {
			return true
		}
		if bytes.HasPrefix(line, []byte("package ")) {
			return false
		}
	}
	return false
}

// blankFuncBodies returns src with the inside of every top-level function
// body turned into spaces, keeping newlines, so that positions are unchanged
// and the parser has almost nothing to build. Scanning is much cheaper than
// parsing.
func blankFuncBodies(src []byte) []byte {
	out := bytes.Clone(src)
	fset := token.NewFileSet()
	file := fset.AddFile("", fset.Base(), len(src))
	var s scanner.Scanner
	s.Init(file, src, nil, 0)
	depth := 0           // brace depth
	inSignature := false // between a top-level "func" and its body
	parens := 0
	previous := token.ILLEGAL
	for {
		pos, tok, _ := s.Scan()
		if tok == token.EOF {
			return out
		}
		switch {
		case depth == 0 && tok == token.FUNC:
			inSignature, parens = true, 0
		case inSignature && (tok == token.LPAREN || tok == token.LBRACK):
			parens++
		case inSignature && (tok == token.RPAREN || tok == token.RBRACK):
			parens--
		case inSignature && tok == token.LBRACE && parens == 0 && previous != token.STRUCT && previous != token.INTERFACE:
			end := matchingBrace(&s, file)
			if end < 0 {
				return src // malformed: let the parser report it
			}
			start := file.Offset(pos) + 1
			for i := start; i < end; i++ {
				if out[i] != '\n' {
					out[i] = ' '
				}
			}
			inSignature = false
		case tok == token.LBRACE:
			depth++
		case tok == token.RBRACE:
			depth--
		}
		previous = tok
	}
}

// matchingBrace scans to the '}' that closes an opened '{' and returns its offset.
func matchingBrace(s *scanner.Scanner, file *token.File) int {
	open := 1
	for {
		pos, tok, _ := s.Scan()
		switch tok {
		case token.EOF:
			return -1
		case token.LBRACE:
			open++
		case token.RBRACE:
			open--
			if open == 0 {
				return file.Offset(pos)
			}
		}
	}
}
