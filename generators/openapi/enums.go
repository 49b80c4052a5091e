package openapi

import (
	"fmt"
	"github.com/metagen-dev/metagen/generators/markers"
	"go/constant"
	"go/types"
	"regexp"
	"sort"
	"strings"
	"sync"
)

// enumType is a string type marked +enum, with the values of its constants.
type enumType struct {
	values []enumValue
	// k8sOnly is set when only +k8s:enum marks the type, which openapi-gen ignores.
	k8sOnly bool
	// external is set when the type is not in an input package (a
	// k8s.io/api enum reached from the user's types).
	external bool
	// k8sEnum is set when +k8s:enum marks the type: declarative validation
	// enforces the list, and controller-gen reads it.
	k8sEnum bool
}

type enumValue struct {
	name, value, comment string
}

// enums finds the values of enum types once per type, for the whole run. A
// type's constants are looked up in its own package and in the input
// packages, where openapi-gen looks in every package it parsed; in practice
// enum constants live next to their type.
type enums struct {
	g     *generation
	mu    sync.Mutex
	known map[*types.TypeName]*enumType // nil value: not an enum
	// constants index each package's string constants by type.
	constants map[*types.Package]map[*types.TypeName][]*types.Const
}

// lookup returns the enum behind t (through one pointer), or nil.
func (e *enums) lookup(t types.Type) *enumType {
	if ptr, ok := t.(*types.Pointer); ok {
		t = ptr.Elem()
	}
	named, ok := types.Unalias(t).(*types.Named)
	if !ok {
		return nil
	}
	obj := named.Obj()
	e.mu.Lock()
	enum, seen := e.known[obj]
	e.mu.Unlock()
	if seen {
		return enum
	}
	if marked, k8sOnly := e.marked(named); marked {
		enum = e.collect(obj)
		enum.k8sOnly = k8sOnly
		enum.external = !e.g.comments.IsInput(obj.Pkg())
		enum.k8sEnum = markers.K8sEnum.Has(e.g.typeComment(obj).Markers)
	}
	e.mu.Lock()
	e.known[obj] = enum
	e.mu.Unlock()
	return enum
}

// marked reports whether a named string type is marked +enum or
// +k8s:enum, and whether only by the latter.
func (e *enums) marked(named *types.Named) (marked, k8sOnly bool) {
	basic, ok := named.Underlying().(*types.Basic)
	if !ok || basic.Kind() != types.String || named.Obj().Pkg() == nil {
		return false, false
	}
	set := e.g.typeComment(named.Obj()).Markers
	if markers.EnumMarker.Has(set) {
		return true, false
	}
	return markers.K8sEnum.Has(set), true
}

func (e *enums) collect(obj *types.TypeName) *enumType {
	enum := &enumType{}
	scopes := []*types.Package{obj.Pkg()}
	for _, pkg := range e.g.universe.Packages {
		if pkg.Types != nil && pkg.Types != obj.Pkg() {
			scopes = append(scopes, pkg.Types)
		}
	}
	for _, pkg := range scopes {
		for _, c := range e.constantsOf(pkg)[obj] {
			comment := strings.Join(e.g.comments.Lines(c.Pos()), " ")
			enum.add(enumValue{name: c.Name(), value: constant.StringVal(c.Val()), comment: comment})
		}
	}
	return enum
}

// constantsOf indexes a package's string constants by their named type, in
// name order, once per package: each enum type would otherwise read every
// scope of the run.
func (e *enums) constantsOf(pkg *types.Package) map[*types.TypeName][]*types.Const {
	e.mu.Lock()
	defer e.mu.Unlock()
	if index, ok := e.constants[pkg]; ok {
		return index
	}
	index := map[*types.TypeName][]*types.Const{}
	scope := pkg.Scope()
	for _, name := range scope.Names() {
		c, ok := scope.Lookup(name).(*types.Const)
		if !ok || c.Val().Kind() != constant.String {
			continue
		}
		if named, ok := c.Type().(*types.Named); ok {
			index[named.Obj()] = append(index[named.Obj()], c)
		}
	}
	if e.constants == nil {
		e.constants = map[*types.Package]map[*types.TypeName][]*types.Const{}
	}
	e.constants[pkg] = index
	return index
}

// add keeps one entry per value, preferring the longer comment, as openapi-gen does.
func (e *enumType) add(v enumValue) {
	for i, existing := range e.values {
		if existing.value == v.value {
			if len(existing.comment) < len(v.comment) || len(existing.comment) == len(v.comment) && existing.comment > v.comment {
				e.values[i] = v
			}
			return
		}
	}
	e.values = append(e.values, v)
}

// sortedValues are the values in the order openapi-gen writes them: sorted
// as quoted Go strings.
func (e *enumType) sortedValues() []string {
	values := make([]string, len(e.values))
	for i, v := range e.values {
		values[i] = v.value
	}
	sort.Slice(values, func(i, j int) bool { return fmt.Sprintf("%q", values[i]) < fmt.Sprintf("%q", values[j]) })
	return values
}

var whitespace = regexp.MustCompile(`\s+`)

// descriptionLines are appended to a field's comment: a new paragraph
// listing the values with their constants' comments.
func (e *enumType) descriptionLines() []string {
	if len(e.values) == 0 {
		return nil
	}
	var lines []string
	for _, v := range e.values {
		comment := strings.TrimSpace(strings.TrimPrefix(strings.TrimSpace(v.comment), v.name))
		lines = append(lines, fmt.Sprintf(" - `%q` %s", v.value, whitespace.ReplaceAllString(comment, " ")))
	}
	sort.Strings(lines)
	return append([]string{"", "Possible enum values:"}, lines...)
}
