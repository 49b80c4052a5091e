package markers

import (
	"fmt"
	"math"
	"reflect"
	"sort"
	"strings"
	"sync"
	"text/scanner"
	"unicode"
)

// DecodeArgs reads the arguments of a controller-tools style marker
// (Marker.Args) into out, a pointer to the marker's Go type, as
// controller-tools' Definition.Parse does for a struct marker: each
// exported field is an argument named by the field in lower camel case or
// by its `marker:"name"` tag, required unless tagged ",optional". Fields
// are string, bool, int, int32, a pointer to one of these (nil when not
// written) or []string (written a;b or {a,b}; quoted items keep empty
// strings, as in groups=""). An unknown argument (with a suggestion), a
// bad value or a missing required argument is an error.
func DecodeArgs(args string, out any) error {
	target := reflect.ValueOf(out).Elem()
	fields := argFields(target.Type())
	p := newValueParser(args)
	seen := map[string]bool{}
	for peek(p.s) != scanner.EOF && p.err == nil {
		if !p.expect(scanner.Ident, "an argument name") {
			break
		}
		name := p.s.TokenText()
		field, ok := fields[name]
		if !ok {
			return unknownArg(name, fields)
		}
		if !p.expect('=', "'=' after "+name) {
			break
		}
		seen[name] = true
		if err := p.decodeField(target.Field(field.index), name); err != nil {
			return err
		}
		if p.err != nil {
			return fmt.Errorf("%s: %v", name, p.err)
		}
		if peek(p.s) == scanner.EOF {
			break
		}
		p.expect(',', "a comma after the value of "+name)
	}
	if p.err != nil {
		return p.err
	}
	for _, name := range sortedArgNames(fields) {
		if !fields[name].optional && !seen[name] {
			return fmt.Errorf("missing argument %s=…", name)
		}
	}
	return nil
}

type argField struct {
	index    int
	optional bool
}

// argFieldsOf caches argFields per marker type: every marker decoded
// would otherwise reflect over its type again.
var argFieldsOf sync.Map // reflect.Type → map[string]argField

// argFields names the arguments of a marker type, as controller-tools'
// argumentInfo does. The map is shared: callers only read it.
func argFields(t reflect.Type) map[string]argField {
	if fields, ok := argFieldsOf.Load(t); ok {
		return fields.(map[string]argField)
	}
	fields := fieldsOf(t)
	argFieldsOf.Store(t, fields)
	return fields
}

func fieldsOf(t reflect.Type) map[string]argField {
	fields := map[string]argField{}
	for i := range t.NumField() {
		f := t.Field(i)
		if !f.IsExported() {
			continue
		}
		name := lowerFirst(f.Name)
		tag := strings.Split(f.Tag.Get("marker"), ",")
		if tag[0] != "" {
			name = tag[0]
		}
		fields[name] = argField{index: i, optional: len(tag) > 1 && tag[1] == "optional"}
	}
	return fields
}

// ArgNames lists the arguments of a marker type, sorted, for help and
// suggestions.
func ArgNames(markerType any) []string {
	return sortedArgNames(argFields(reflect.TypeOf(markerType)))
}

func sortedArgNames(fields map[string]argField) []string {
	names := make([]string, 0, len(fields))
	for name := range fields {
		names = append(names, name)
	}
	sort.Strings(names)
	return names
}

func lowerFirst(s string) string {
	for i, r := range s {
		return string(unicode.ToLower(r)) + s[i+len(string(r)):]
	}
	return s
}

func unknownArg(name string, fields map[string]argField) error {
	best, bestDistance := "", -1
	for _, candidate := range sortedArgNames(fields) {
		d := editDistance(strings.ToLower(name), strings.ToLower(candidate))
		if strings.TrimSuffix(strings.ToLower(name), "s") == strings.TrimSuffix(strings.ToLower(candidate), "s") {
			d = 0
		}
		if d <= max(1, len(candidate)/4) && (bestDistance < 0 || d < bestDistance) {
			best, bestDistance = candidate, d
		}
	}
	if best != "" {
		return fmt.Errorf("unknown argument %q (did you mean %q?)", name, best)
	}
	return fmt.Errorf("unknown argument %q (want one of %s)", name, strings.Join(sortedArgNames(fields), ", "))
}

// decodeField parses one value into v by its Go type.
func (p *valueParser) decodeField(v reflect.Value, name string) error {
	switch v.Kind() {
	case reflect.String:
		v.SetString(p.parseString(false))
	case reflect.Bool:
		if p.expect(scanner.Ident, "true or false") {
			switch text := p.s.TokenText(); text {
			case "true", "false":
				v.SetBool(text == "true")
			default:
				p.fail("want true or false, got %q", text)
			}
		}
	case reflect.Int, reflect.Int32:
		v.SetInt(p.wholeNumber())
	case reflect.Pointer:
		// An optional argument: nil unless written.
		elem := reflect.New(v.Type().Elem())
		if err := p.decodeField(elem.Elem(), name); err != nil {
			return err
		}
		v.Set(elem)
	case reflect.Slice:
		items, _ := p.parseList(valueType{kind: stringValue}).([]any)
		list := make([]string, len(items))
		for i, item := range items {
			list[i], _ = item.(string)
		}
		if len(list) == 0 {
			list = nil
		}
		v.Set(reflect.ValueOf(list))
	default:
		return fmt.Errorf("%s: markers cannot hold a %s", name, v.Type())
	}
	return nil
}

func (p *valueParser) wholeNumber() int64 {
	value, _ := p.parse(valueType{kind: intValue}, false).(float64)
	if value != math.Trunc(value) || math.Abs(value) > math.MaxInt32 {
		p.fail("want a whole number, got %v", value)
	}
	return int64(value)
}

// EditDistance is the Levenshtein distance of a and b, for the generators'
// own suggestions.
func EditDistance(a, b string) int { return editDistance(a, b) }
