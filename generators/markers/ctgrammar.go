package markers

import (
	"fmt"
	"reflect"
	"strings"
	"sync"

	ctmarkers "sigs.k8s.io/controller-tools/pkg/markers"
)

// The controller-gen markers (+kubebuilder:…, +groupName's neighbours in
// controller-tools) are read with controller-tools' own parser, so that
// what controller-gen accepts metagen accepts by construction: {a,b} and
// a;b lists, key=value arguments, quoted and bare strings, numbers.

// Decode parses the arguments (or the value) of m into out, a pointer to a
// struct whose exported fields are the marker's arguments (lowerCamelCase
// names, `marker:",optional"` tags, as controller-tools declares them) or
// to a slice or scalar for a marker with one value.
func Decode(m Marker, out any) error {
	ptr := reflect.ValueOf(out)
	if ptr.Kind() != reflect.Pointer || ptr.IsNil() {
		return fmt.Errorf("markers.Decode: want a non-nil pointer, got %T", out)
	}
	def, err := definitionFor(m.Name, ptr.Elem().Type())
	if err != nil {
		return err
	}
	value, err := def.Parse(rawControllerTools(m))
	if err != nil {
		return fmt.Errorf("%s", cleanError(err))
	}
	ptr.Elem().Set(reflect.ValueOf(value))
	return nil
}

// rawControllerTools is the marker as controller-tools reads it:
// "+name:key=value,…" for arguments, "+name=value" for one value.
func rawControllerTools(m Marker) string {
	raw := "+" + m.Name
	if m.Args != "" {
		raw += ":" + m.Args
	}
	if m.HasValue {
		raw += "=" + m.Value
	}
	return raw
}

// cleanError drops the scanner positions controller-tools adds (they count
// within the marker text, which the marker's own position already locates).
func cleanError(err error) string {
	var msgs []string
	for _, line := range strings.Split(err.Error(), "\n") {
		line = strings.TrimSpace(line)
		if i := strings.Index(line, "(at "); i > 0 {
			line = strings.TrimSpace(line[:i])
		}
		line = strings.TrimPrefix(strings.TrimPrefix(line, "["), "]")
		if line != "" {
			msgs = append(msgs, line)
		}
	}
	return strings.Join(msgs, "; ")
}

type defKey struct {
	name string
	typ  reflect.Type
}

var definitions sync.Map // defKey → *ctmarkers.Definition

func definitionFor(name string, typ reflect.Type) (*ctmarkers.Definition, error) {
	key := defKey{name, typ}
	if def, ok := definitions.Load(key); ok {
		return def.(*ctmarkers.Definition), nil
	}
	def, err := ctmarkers.MakeDefinition(name, ctmarkers.DescribesField, reflect.Zero(typ).Interface())
	if err != nil {
		return nil, err
	}
	definitions.Store(key, def)
	return def, nil
}

// ListValue reads one list argument as controller-tools does: "{a,b}" or
// "a;b" (a lone "a" is a list of one). Quoted items are unquoted.
func ListValue(text string) ([]string, error) {
	var out []string
	if strings.TrimSpace(text) == "" {
		return nil, nil
	}
	if err := Decode(Marker{Name: "list", Value: text, HasValue: true}, &out); err != nil {
		return nil, err
	}
	return out, nil
}

// AnyList reads a list whose items may be strings, numbers or booleans
// (+kubebuilder:validation:Enum={A,B} or A;B;1), as controller-tools'
// Enum does: each item keeps the type its spelling gives it.
func AnyList(text string) ([]any, error) {
	var out []any
	if err := Decode(Marker{Name: "list", Value: text, HasValue: true}, &out); err != nil {
		return nil, err
	}
	return out, nil
}
