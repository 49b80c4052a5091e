package client

import (
	"fmt"
	"go/token"
	"go/types"
	"slices"
	"strings"

	"github.com/metagen-dev/metagen/generators/diag"
	"github.com/metagen-dev/metagen/generators/markers"
	"github.com/metagen-dev/metagen/generators/model"
)

// allVerbs are client-gen's verbs, in the order its interfaces list them.
var allVerbs = []string{"create", "update", "updateStatus", "delete", "deleteCollection", "get", "list", "watch", "patch", "apply", "applyStatus"}

var readonlyVerbs = []string{"get", "list", "watch"}

// verbs is the set of verbs a type's client has.
type verbs map[string]bool

func (v verbs) has(names ...string) bool {
	for _, name := range names {
		if !v[name] {
			return false
		}
	}
	return true
}

// readVerbs interprets the verb tags as client-gen does: readonly is
// onlyVerbs=get,list,watch (plus any onlyVerbs), and a verb may not be both
// skipped and the only one. noVerbs is left to the caller: the typed client
// has no verbs then, but lister-gen and applyconfiguration-gen read the
// other tags alone.
func readVerbs(t *model.Type) (verbs, error) {
	set := verbs{}
	only, restricted := onlyVerbs(t)
	skip, _ := markers.GenclientSkipVerbs.Marker(t.Markers)
	skipped, _ := markers.GenclientSkipVerbs.Value(skip)
	for _, verb := range skipped {
		if restricted && slices.Contains(only, verb) {
			return nil, diag.Errorf(skip.Pos, "verb %q used both in +genclient:skipVerbs and +genclient:onlyVerbs (or readonly)", verb)
		}
	}
	for _, verb := range allVerbs {
		set[verb] = (!restricted || slices.Contains(only, verb)) && !slices.Contains(skipped, verb)
	}
	return set, nil
}

func onlyVerbs(t *model.Type) ([]string, bool) {
	var only []string
	restricted := false
	if markers.GenclientReadonly.Has(t.Markers) {
		only, restricted = append(only, readonlyVerbs...), true
	}
	if listed, ok := markers.GenclientOnlyVerbs.On(t.Markers); ok {
		only, restricted = append(only, listed...), true
	}
	return only, restricted
}

// extension is one +genclient:method: an extra client method.
type extension struct {
	Name        string
	Verb        string
	Subresource string
	Input       *namedType // nil: the type itself
	Result      *namedType
	Pos         token.Position
}

// The verbs an extension may use, and those that may override the input
// or result type, as client-gen allows them.
var (
	extensionVerbs       = []string{"create", "update", "get", "list", "patch", "apply"}
	inputOverrideVerbs   = []string{"create", "update", "apply"}
	resultOverrideVerbs  = []string{"create", "update", "get", "list", "patch", "apply"}
	subresourceOnlyVerbs = []string{"create", "update", "get", "list", "apply"}
)

// readExtensions parses every +genclient:method of t.
func readExtensions(t *model.Type) ([]extension, []error) {
	var out []extension
	var errs []error
	for _, m := range markers.GenclientMethod.Markers(t.Markers) {
		ext, err := parseExtension(t, m)
		if err != nil {
			errs = append(errs, diag.Errorf(m.Pos, "+%s=%s: %v", markers.GenclientMethod, m.Value, err))
			continue
		}
		out = append(out, ext)
	}
	return out, errs
}

func parseExtension(t *model.Type, m markers.Marker) (extension, error) {
	method, _ := markers.GenclientMethod.Value(m)
	ext := extension{Name: method.Name, Pos: m.Pos}
	if !token.IsIdentifier(ext.Name) || !token.IsExported(ext.Name) {
		return ext, fmt.Errorf("want an exported method name first, e.g. +genclient:method=UpdateScale,verb=update")
	}
	var input, result markers.MethodArg
	for _, arg := range method.Args {
		if !arg.HasValue || arg.Value == "" {
			return ext, fmt.Errorf("want key=value, got %q", arg.Text)
		}
		switch arg.Key {
		case "verb":
			ext.Verb = arg.Value
		case "subresource":
			ext.Subresource = arg.Value
		case "input":
			input = arg
		case "result":
			result = arg
		default:
			return ext, fmt.Errorf("unknown key %q (want verb, subresource, input or result)", arg.Key)
		}
	}
	if err := checkExtensionVerb(ext.Verb, input.Value, result.Value); err != nil {
		return ext, err
	}
	var err error
	if ext.Input, err = resolveType(t, input); err != nil {
		return ext, err
	}
	ext.Result, err = resolveType(t, result)
	return ext, err
}

func checkExtensionVerb(verb, input, result string) error {
	switch {
	case verb == "":
		return fmt.Errorf("needs verb=, one of %s", strings.Join(extensionVerbs, ", "))
	case !slices.Contains(extensionVerbs, verb):
		return fmt.Errorf("verb %q is not supported for extra methods (want one of %s)", verb, strings.Join(extensionVerbs, ", "))
	case input != "" && !slices.Contains(inputOverrideVerbs, verb):
		return fmt.Errorf("input type is not supported for %q verbs (only %s)", verb, strings.Join(inputOverrideVerbs, ", "))
	case result != "" && !slices.Contains(resultOverrideVerbs, verb):
		return fmt.Errorf("result type is not supported for %q verbs (only %s)", verb, strings.Join(resultOverrideVerbs, ", "))
	}
	return nil
}

// namedType is a type an extra method takes or returns.
type namedType struct {
	Path, Name string
}

// resolveType reads input= or result=, "Name" (in t's package) or
// "import/path.Name" (arg.Type). The type is looked up when its package is
// known here (t's own, or one it imports); another package's is taken as
// written, and compiling the output checks it.
func resolveType(t *model.Type, arg markers.MethodArg) (*namedType, error) {
	name := arg.Value
	if name == "" {
		return nil, nil
	}
	ref := &namedType{Path: t.Package.Path, Name: arg.Type.Name}
	if arg.Type.HasPath {
		ref.Path = arg.Type.Path
	}
	if !token.IsIdentifier(ref.Name) {
		return nil, fmt.Errorf("want a type name, got %q", name)
	}
	scope := scopeOf(t.Package.Types, ref.Path)
	if scope == nil {
		return ref, nil
	}
	if _, ok := scope.Lookup(ref.Name).(*types.TypeName); !ok {
		return nil, fmt.Errorf("no type %s", name)
	}
	return ref, nil
}

// scopeOf is the scope of pkg or of a package it imports, or nil.
func scopeOf(pkg *types.Package, path string) *types.Scope {
	if pkg.Path() == path {
		return pkg.Scope()
	}
	for _, imp := range pkg.Imports() {
		if imp.Path() == path {
			return imp.Scope()
		}
	}
	return nil
}
