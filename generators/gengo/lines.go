package gengo

import "github.com/dave/jennifer/jen"

// Lines collects a function body as source lines, the way code-generator's
// snippets write them; gofmt (through jennifer) lays them out.
type Lines struct {
	Code []jen.Code
}

// Line adds one line: strings are written as they are, jen.Code parts
// (qualified names, types) through jennifer, which adds their imports.
func (l *Lines) Line(parts ...any) {
	s := &jen.Statement{}
	for _, part := range parts {
		switch part := part.(type) {
		case string:
			s.Op(part)
		case jen.Code:
			s.Add(part)
		}
	}
	l.Code = append(l.Code, s)
}
