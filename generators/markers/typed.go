package markers

import (
	"fmt"
	"reflect"
	"sort"
	"strings"
	"sync"
	"unicode"
)

// The arguments of a marker type (its exported fields, named in lower
// camel case or by a `marker:"name"` tag, required unless tagged
// ",optional"), as controller-tools' argumentInfo names them: for
// converting the values controller-tools parses into metagen's types, for
// help and for suggestions. The values themselves are parsed by
// controller-tools' parser (Decode, controllertools.go).

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

// EditDistance is the Levenshtein distance of a and b, for the generators'
// own suggestions.
func EditDistance(a, b string) int { return editDistance(a, b) }
