package markers

import (
	"encoding/json"
	"fmt"
	"strconv"
	"strings"
	"text/scanner"
)

// ParseValue reads the value of a marker that takes a value of any type
// (+kubebuilder:default, +kubebuilder:example): JSON, or else the syntax
// controller-tools parses these markers with, so that what controller-gen
// reads means the same here:
//
//	"quoted" or `raw` or bare      a string (bare runs to , ; or })
//	true, false, 3, -1.5           a bool or a number
//	{a, b} or a;b                  a list, its items of the first item's type
//	{key: value, "k": v} or {}     an object
//
// JSON comes first, so JSON lists ([1,2]) and JSON objects keep working.
//
// A value nests at most MaxValueDepth braces or brackets deep: the
// lookahead controller-tools' grammar needs costs a pass per level, so the
// limit keeps parsing linear in the length of the value.
func ParseValue(text string) (any, error) {
	text = strings.TrimSpace(text)
	if depth := nesting(text); depth > MaxValueDepth {
		return nil, fmt.Errorf("the value nests %d levels deep; at most %d are allowed", depth, MaxValueDepth)
	}
	var v any
	if err := json.Unmarshal([]byte(text), &v); err == nil {
		return v, nil
	}
	p := newValueParser(text)
	v = p.parse(valueType{kind: anyValue}, false)
	if p.err == nil && p.s.Scan() != scanner.EOF {
		p.fail("unexpected %q after the value; quote a string that holds a comma", p.s.TokenText())
	}
	if p.err != nil {
		return nil, p.err
	}
	return v, nil
}

// MaxValueDepth is how deeply a marker value may nest lists and objects.
const MaxValueDepth = 100

// nesting is the deepest nesting of {…} and […] in text, quoted strings
// skipped, in one pass.
func nesting(text string) int {
	depth, deepest := 0, 0
	var quote byte
	for i := 0; i < len(text); i++ {
		c := text[i]
		switch {
		case quote != 0:
			if c == '\\' && quote != '`' {
				i++
			} else if c == quote {
				quote = 0
			}
		case c == '"' || c == '\'' || c == '`':
			quote = c
		case c == '{' || c == '[':
			depth++
			deepest = max(deepest, depth)
		case c == '}' || c == ']':
			depth--
		}
	}
	return deepest
}

// valueKind is what controller-tools guesses a value to be.
type valueKind int

const (
	anyValue valueKind = iota
	stringValue
	intValue
	numberValue
	boolValue
	listValue
	objectValue
)

// valueType is a guessed type: a list's items all take the type guessed
// for its first item, as in controller-tools; an object's values are any.
type valueType struct {
	kind valueKind
	item *valueType
}

// valueParser is a port of controller-tools' argument parser (pkg/markers,
// Argument.parse and guessType) for values of any type, on the same
// text/scanner tokens.
type valueParser struct {
	raw string
	s   *scanner.Scanner
	err error
}

func newValueParser(raw string) *valueParser {
	p := &valueParser{raw: raw}
	p.s = p.scanner(raw, func(*scanner.Scanner, string) {})
	p.s.Error = func(s *scanner.Scanner, msg string) { p.fail("%s", msg) }
	return p
}

// scanner tokenizes as controller-tools' parserScanner does.
func (p *valueParser) scanner(raw string, onError func(*scanner.Scanner, string)) *scanner.Scanner {
	s := &scanner.Scanner{}
	s.Init(strings.NewReader(raw))
	s.Mode = scanner.ScanIdents | scanner.ScanInts | scanner.ScanFloats | scanner.ScanStrings | scanner.ScanRawStrings | scanner.SkipComments
	s.Error = onError
	return s
}

func (p *valueParser) fail(format string, args ...any) {
	if p.err == nil {
		p.err = fmt.Errorf(format, args...)
	}
}

// peek skips whitespace and returns the next character without taking it.
func peek(s *scanner.Scanner) rune {
	next := s.Peek()
	for ; next <= ' ' && s.Whitespace&(1<<uint64(next)) != 0; next = s.Peek() {
		s.Next()
	}
	return next
}

func (p *valueParser) expect(token rune, what string) bool {
	switch got := p.s.Scan(); got {
	case token:
		return true
	case scanner.EOF:
		p.fail("want %s, got the end of the value", what)
	default:
		p.fail("want %s, got %q", what, p.s.TokenText())
	}
	return false
}

// parse reads one value of type t. inList is set for list items, which are
// never legacy a;b lists themselves.
func (p *valueParser) parse(t valueType, inList bool) any {
	if p.err != nil {
		return nil
	}
	switch t.kind {
	case anyValue:
		return p.parse(p.guess(!inList), inList)
	case stringValue:
		return p.parseString(false)
	case intValue, numberValue:
		return p.parseNumber(t.kind)
	case boolValue:
		if !p.expect(scanner.Ident, "true or false") {
			return nil
		}
		return p.s.TokenText() == "true"
	case listValue:
		return p.parseList(*t.item)
	case objectValue:
		return p.parseObject()
	}
	return nil
}

// guess looks ahead, on a scanner of its own, at what the next value is
// (guessType). With allowLegacyList, a ';' before the next ',' makes it an
// a;b list of the guessed items.
func (p *valueParser) guess(allowLegacyList bool) valueType {
	item := p.guessItem()
	if !allowLegacyList {
		return item
	}
	ahead := p.scanner(p.raw[p.s.Pos().Offset:], func(*scanner.Scanner, string) {})
	for {
		switch ahead.Scan() {
		case ';':
			return valueType{kind: listValue, item: &item}
		case ',', scanner.EOF:
			return item
		}
	}
}

func (p *valueParser) guessItem() valueType {
	rest := p.raw[p.s.Pos().Offset:]
	hadError := false
	ahead := p.scanner(rest, func(*scanner.Scanner, string) { hadError = true })
	hint := peek(ahead)
	switch {
	case hint == '"' || hint == '\'' || hint == '`':
		return valueType{kind: stringValue}
	case hint == '{':
		return p.guessBraces(ahead, rest)
	}
	if hint == 't' || hint == 'f' {
		if ahead.Scan() == scanner.Ident {
			if text := ahead.TokenText(); text == "true" || text == "false" {
				return valueType{kind: boolValue}
			}
		}
		return valueType{kind: stringValue}
	}
	token := ahead.Scan()
	if token == '-' {
		token = ahead.Scan()
	}
	if !hadError && (token == scanner.Int || token == scanner.Float) {
		switch peek(ahead) {
		case ',', ';', '}', scanner.EOF:
			if token == scanner.Int {
				return valueType{kind: intValue}
			}
			return valueType{kind: numberValue}
		}
	}
	return valueType{kind: stringValue}
}

// guessBraces tells an object ({key: …} or {}) from a list ({a, b}).
func (p *valueParser) guessBraces(ahead *scanner.Scanner, rest string) valueType {
	ahead.Scan() // '{'
	hint := peek(ahead)
	inner := &valueParser{raw: rest, s: ahead}
	first := inner.guessItem()
	if first.kind == stringValue {
		inner.parseStringFrom(ahead, rest, true)
		if ahead.Scan() == ':' || hint == '}' {
			return valueType{kind: objectValue}
		}
	}
	return valueType{kind: listValue, item: &first}
}

func (p *valueParser) parseString(inObject bool) string {
	return p.parseStringFrom(p.s, p.raw, inObject)
}

// parseStringFrom reads a quoted string, or bare tokens up to a , ; or }
// (and a : for an object's key), numbers taken as text.
func (p *valueParser) parseStringFrom(s *scanner.Scanner, raw string, inObject bool) string {
	mode := s.Mode
	s.Mode = mode &^ scanner.ScanInts &^ scanner.ScanFloats
	defer func() { s.Mode = mode }()
	token := s.Scan()
	if token == scanner.String || token == scanner.RawString {
		text, err := strconv.Unquote(s.TokenText())
		if err != nil {
			p.fail("bad string %s: %v", s.TokenText(), err)
		}
		return text
	}
	start := s.Position.Offset
	for next := peek(s); !isDelimiter(next, inObject); next = peek(s) {
		s.Scan()
	}
	end := s.Position.Offset + len(s.TokenText())
	if end < start {
		return ""
	}
	return raw[start:end]
}

func isDelimiter(r rune, inObject bool) bool {
	switch r {
	case ',', ';', '}', scanner.EOF:
		return true
	}
	return inObject && r == ':'
}

func (p *valueParser) parseNumber(kind valueKind) any {
	sign := ""
	if p.s.Peek() == '-' {
		p.s.Scan()
		sign = "-"
	}
	token := p.s.Scan()
	text := sign + p.s.TokenText()
	if kind == intValue && token == scanner.Int {
		n, err := strconv.ParseInt(text, 0, 64)
		if err != nil {
			p.fail("bad whole number %q: %v", text, err)
		}
		return float64(n) // as encoding/json reads the number controller-gen writes
	}
	if token != scanner.Int && token != scanner.Float {
		p.fail("want a number, got %q", text)
		return nil
	}
	f, err := strconv.ParseFloat(text, 64)
	if err != nil {
		p.fail("bad number %q: %v", text, err)
	}
	return f
}

// parseList reads {a, b} or a;b.
func (p *valueParser) parseList(item valueType) any {
	list := []any{}
	if peek(p.s) == '{' {
		p.s.Scan()
		for next := peek(p.s); next != '}' && next != scanner.EOF && p.err == nil; next = peek(p.s) {
			list = append(list, p.parse(item, true))
			if peek(p.s) == '}' {
				break
			}
			if !p.expect(',', "a comma or a closing brace") {
				return nil
			}
		}
		p.expect('}', "a closing brace")
		return list
	}
	for next := peek(p.s); next != ',' && next != '}' && next != scanner.EOF && p.err == nil; next = peek(p.s) {
		list = append(list, p.parse(item, true))
		if next := peek(p.s); next == ',' || next == '}' || next == scanner.EOF {
			break
		}
		if !p.expect(';', "a semicolon") {
			return nil
		}
	}
	return list
}

// parseObject reads {key: value, …}.
func (p *valueParser) parseObject() any {
	object := map[string]any{}
	if !p.expect('{', "an opening brace") {
		return nil
	}
	for next := peek(p.s); next != '}' && next != scanner.EOF && p.err == nil; next = peek(p.s) {
		key := p.parseString(true)
		if !p.expect(':', "a colon") {
			return nil
		}
		object[key] = p.parse(valueType{kind: anyValue}, false)
		if peek(p.s) == '}' {
			break
		}
		if !p.expect(',', "a comma or a closing brace") {
			return nil
		}
	}
	p.expect('}', "a closing brace")
	return object
}
