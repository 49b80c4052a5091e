package markers

import (
	"fmt"
	"reflect"
	"strings"
)

// The CRD markers of controller-gen, each a Go type with the arguments
// controller-tools v0.23.0 (pkg/crd/markers) declares. The markers are
// read by controller-tools' own parser with its own definitions
// (controllertools.go); their values are converted into these types, which
// the generators read (Value), parsing no argument text.

// PrintColumn is +kubebuilder:printcolumn. An additional printer column:
// name=…,type=…,JSONPath=…. Optional: description=…,format=…,priority=….
type PrintColumn struct {
	Name        string
	Type        string
	JSONPath    string `marker:"JSONPath"`
	Description string `marker:",optional"`
	Format      string `marker:",optional"`
	Priority    int32  `marker:",optional"`
}

// SubresourceScale is +kubebuilder:subresource:scale. The CRD has the
// /scale subresource: specpath=…,statuspath=…,selectorpath=…. The
// selector path is optional (nil when not written).
type SubresourceScale struct {
	SpecPath     string  `marker:"specpath"`
	StatusPath   string  `marker:"statuspath"`
	SelectorPath *string `marker:"selectorpath,optional"`
}

// SelectableField is +kubebuilder:selectablefield. A selectable field:
// JSONPath=…. The path names a field of the CRD's version that field
// selectors may use.
type SelectableField struct {
	JSONPath string `marker:"JSONPath"`
}

// Resource is +kubebuilder:resource. CRD names and scope:
// path=…,scope=Namespaced|Cluster,shortName=…,categories=…,singular=….
// All are optional; shortName and categories are lists (a;b or {a,b}).
type Resource struct {
	Path       string   `marker:",optional"`
	ShortName  []string `marker:",optional"`
	Categories []string `marker:",optional"`
	Singular   string   `marker:",optional"`
	Scope      string   `marker:",optional"`
}

// Metadata is +kubebuilder:metadata. CRD labels and annotations.
// Arguments annotations=…,labels=…, each item one key=value pair. A
// quoted item holding a;b is two pairs, as metagen has always read it
// (controller-gen would take the text after the first = as one value).
type Metadata struct {
	Annotations []string `marker:",optional"`
	Labels      []string `marker:",optional"`
}

// DeprecatedVersion is +kubebuilder:deprecatedversion. This version is
// deprecated: warning=…. The warning is optional (nil when not written).
type DeprecatedVersion struct {
	Warning *string `marker:",optional"`
}

// decodeAsControllerTools decodes m into ptr with controller-tools' parser
// and definition of ptr's type, naming the argument a misspelled one meant.
func decodeAsControllerTools(m Marker, ptr reflect.Value) error {
	err := Decode(m, ptr.Interface())
	if err == nil {
		return nil
	}
	if def, defErr := definitionFor(m.Name, ptr.Elem().Type()); defErr == nil {
		return fmt.Errorf("%v%s", err, suggestArgument(err, def))
	}
	return err
}

// checker is a decoded marker value that checks what controller-tools'
// parser does not: the values an argument takes.
type checker interface {
	check() error
}

// decodeArgType decodes m's arguments into a new value of t with
// controller-tools' parser, then runs the value's own check. (The markers
// of controller-tools' registries are read on controllertools.go's path,
// which checks what controller-tools read up to a refused argument too.)
func decodeArgType(m Marker, t reflect.Type) (any, error) {
	ptr := reflect.New(t)
	if err := decodeAsControllerTools(m, ptr); err != nil {
		return nil, err
	}
	if c, ok := ptr.Interface().(checker); ok {
		if err := c.check(); err != nil {
			return nil, err
		}
	}
	return ptr.Elem().Interface(), nil
}

// joinProblems writes two problems of one marker on one line.
func joinProblems(first, second error) error {
	if first == nil {
		return second
	}
	return fmt.Errorf("%v; %v", first, second)
}

func (r *Resource) check() error {
	switch r.Scope {
	case "", "Namespaced", "Cluster":
		return nil
	}
	return fmt.Errorf("scope is Namespaced or Cluster, not %q", r.Scope)
}

func (md *Metadata) check() error {
	var err error
	md.Annotations, err = keyValuePairs("annotations", md.Annotations)
	if err != nil {
		return err
	}
	md.Labels, err = keyValuePairs("labels", md.Labels)
	return err
}

// keyValuePairs splits each item at its semicolons (a quoted "k=v;k=v")
// and refuses a pair without =.
func keyValuePairs(arg string, items []string) ([]string, error) {
	var pairs []string
	for _, item := range items {
		split, err := ListValue(item)
		if err != nil {
			return nil, fmt.Errorf("%s: %v", arg, err)
		}
		for _, pair := range split {
			if !strings.Contains(pair, "=") {
				return nil, fmt.Errorf("%s: want key=value, got %q", arg, pair)
			}
		}
		pairs = append(pairs, split...)
	}
	return pairs, nil
}
