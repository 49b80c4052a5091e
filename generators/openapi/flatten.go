package openapi

import (
	"go/types"
	"slices"

	"k8s.io/kube-openapi/pkg/validation/spec"

	"github.com/metagen-dev/metagen/generators/markers"
)

// A CRD's schema of a value of a named type is, as controller-gen builds it
// (sigs.k8s.io/controller-tools pkg/crd/flatten.go, flattenAllOfInto), the
// type's schema flattened with what the value's declaration adds: a field's
// markers over its type's schema, a type declared on another (type A B) with
// its own markers over B's, a list item over its named type. The base comes
// first. A keyword only one side sets is taken; a keyword both set
// differently is kept twice, hoisted into two allOf branches (the base's
// first) and left out of the schema itself, so both checks hold. Equal
// strings (pattern, format) are kept once; bounds and lengths twice even
// when equal (controller-tools compares them as pointers), but equal
// property counts once. The base's enum is kept over the declaration's. CEL
// rules: the declaration's first. openapi-gen's definitions are not
// flattened: there a field's own markers win.

// flattenChecks merges own, the keywords a declaration adds, into base, the
// schema of the type it is declared as, as controller-gen flattens them.
// Format and Enum are read from the props too.
func flattenChecks(base *spec.SchemaProps, own spec.SchemaProps) {
	var baseRest, ownRest spec.SchemaProps
	hoisted := false
	// Bounds: both set is a conflict, whatever the values.
	for _, p := range []struct{ base, own, baseRest, ownRest **float64 }{
		{&base.Maximum, &own.Maximum, &baseRest.Maximum, &ownRest.Maximum},
		{&base.Minimum, &own.Minimum, &baseRest.Minimum, &ownRest.Minimum},
		{&base.MultipleOf, &own.MultipleOf, &baseRest.MultipleOf, &ownRest.MultipleOf},
	} {
		hoisted = mergePointer(p.base, p.own, p.baseRest, p.ownRest, false) || hoisted
	}
	for _, p := range []struct {
		base, own, baseRest, ownRest **int64
		equalKept                    bool
	}{
		{&base.MaxLength, &own.MaxLength, &baseRest.MaxLength, &ownRest.MaxLength, false},
		{&base.MinLength, &own.MinLength, &baseRest.MinLength, &ownRest.MinLength, false},
		{&base.MaxItems, &own.MaxItems, &baseRest.MaxItems, &ownRest.MaxItems, false},
		{&base.MinItems, &own.MinItems, &baseRest.MinItems, &ownRest.MinItems, false},
		{&base.MaxProperties, &own.MaxProperties, &baseRest.MaxProperties, &ownRest.MaxProperties, true},
		{&base.MinProperties, &own.MinProperties, &baseRest.MinProperties, &ownRest.MinProperties, true},
	} {
		hoisted = mergePointer(p.base, p.own, p.baseRest, p.ownRest, p.equalKept) || hoisted
	}
	for _, p := range []struct{ base, own, baseRest, ownRest *string }{
		{&base.Format, &own.Format, &baseRest.Format, &ownRest.Format},
		{&base.Pattern, &own.Pattern, &baseRest.Pattern, &ownRest.Pattern},
	} {
		switch {
		case *p.own == "" || *p.own == *p.base:
		case *p.base == "":
			*p.base = *p.own
		default:
			*p.baseRest, *p.ownRest, *p.base = *p.base, *p.own, ""
			hoisted = true
		}
	}
	base.ExclusiveMaximum = base.ExclusiveMaximum || own.ExclusiveMaximum
	base.ExclusiveMinimum = base.ExclusiveMinimum || own.ExclusiveMinimum
	base.UniqueItems = base.UniqueItems || own.UniqueItems
	base.Nullable = base.Nullable || own.Nullable
	if len(base.Enum) == 0 {
		base.Enum = own.Enum
	}
	if own.Title != "" {
		base.Title = own.Title // a declaration's title is kept over its type's
	}
	switch {
	case own.AnyOf == nil:
	case base.AnyOf == nil:
		base.AnyOf = own.AnyOf
	default:
		baseRest.AnyOf, ownRest.AnyOf, base.AnyOf = base.AnyOf, own.AnyOf, nil
		hoisted = true
	}
	base.AllOf = append(base.AllOf, own.AllOf...)
	if hoisted {
		base.AllOf = append(base.AllOf, spec.Schema{SchemaProps: baseRest}, spec.Schema{SchemaProps: ownRest})
	}
}

// mergePointer merges one keyword held by a pointer: taken when only own
// sets it, hoisted (it reports true) when both do, unless equalKept and the
// values are equal.
func mergePointer[T comparable](base, own, baseRest, ownRest **T, equalKept bool) (hoisted bool) {
	switch {
	case *own == nil:
	case *base == nil:
		*base = *own
	case equalKept && **base == **own:
	default:
		*baseRest, *ownRest, *base = *base, *own, nil
		return true
	}
	return false
}

// layer is one declaration's markers in a value's schema: a named type's
// (obj), or a field's (obj nil); pkg declares it.
type layer struct {
	set markers.Set
	obj *types.TypeName
	pkg *types.Package
}

// applyLayers applies the marker sets of a value's declarations to s, the
// base first: in a CRD each is flattened over the schema of those before it
// (flattenChecks); elsewhere the keywords an earlier set gave are kept, so
// the declaration nearest the value wins.
func (b *builder) applyLayers(s *schema, baseFirst []layer) {
	if !b.crd {
		applied := map[string]markers.Marker{}
		for i := len(baseFirst) - 1; i >= 0; i-- {
			b.applyMarkers(s, baseFirst[i].set, applied)
		}
		return
	}
	for i, l := range baseFirst {
		if i == 0 {
			// The innermost named type's markers (or, for a value of no
			// named type, the field's) apply to the schema its Go type gives.
			b.applyMarkers(s, l.set, map[string]markers.Marker{})
			continue
		}
		b.flattenLayer(s, b.carriedFormat(baseFirst[i-1].obj, l.pkg), func() { b.applyMarkers(s, l.set, map[string]markers.Marker{}) })
	}
}

// carriedFormat is the format controller-gen's schema of a declaration in
// pkg has before its own markers, when it refers to the named type obj:
// obj's, when obj is of pkg and a basic type (its schema is copied the
// type and format of obj's), else none (a reference only).
func (b *builder) carriedFormat(obj *types.TypeName, pkg *types.Package) string {
	if obj == nil || obj.Pkg() != pkg {
		return ""
	}
	return b.formatOf(obj)
}

// formatOf is the format of a named basic type's own schema as
// controller-gen builds it: its format marker's, else the format of the
// type it is declared as, when that is a basic type of its package, else
// the format of its Go kind.
func (b *builder) formatOf(obj *types.TypeName) string {
	basic, ok := obj.Type().Underlying().(*types.Basic)
	if !ok {
		return ""
	}
	if m, ok := markers.KBValidationFormat.Marker(b.typeComment(obj).Markers); ok {
		format, _ := m.Typed.(string)
		return format
	}
	if base := b.g.comments.DeclaredBase(obj); base != nil {
		if base.Obj().Pkg() != obj.Pkg() {
			return ""
		}
		return b.formatOf(base.Obj())
	}
	if basic.Info()&types.IsInteger != 0 {
		return crdIntegerFormat(basic)
	}
	return ""
}

// flattenLayer runs apply, which sets a declaration's own keywords on s
// (over the format its schema carries, carriedFormat), and flattens them
// over those s had (flattenChecks).
func (b *builder) flattenLayer(s *schema, carried string, apply func()) {
	below := s.Checks
	below.Format, below.Enum = s.Format, s.Enum
	rules, _ := s.extension("x-kubernetes-validations")
	belowRules, _ := rules.([]any)
	belowPos := s.RulePos
	typ := slices.Clone(s.Type)
	s.Checks, s.Format, s.Enum, s.RulePos = spec.SchemaProps{}, carried, nil, nil
	s.removeExtension("x-kubernetes-validations")

	apply()

	if !slices.Equal(typ, s.Type) {
		below.Format = "" // the declaration's type replaced the base's
	}
	own := s.Checks
	own.Format, own.Enum = s.Format, s.Enum
	flattenChecks(&below, own)
	s.Format, s.Enum = below.Format, below.Enum
	below.Format, below.Enum = "", nil
	s.Checks = below
	appendRules(s, belowRules, belowPos)
}

// appendRules puts CEL rules, with their positions, after those of s.
func appendRules(s *schema, rules []any, pos []rulePos) {
	if len(rules) == 0 {
		return
	}
	value, _ := s.extension("x-kubernetes-validations")
	first, _ := value.([]any)
	for _, p := range pos {
		s.RulePos = append(s.RulePos, rulePos{Index: p.Index + len(first), Pos: p.Pos})
	}
	s.setExtension("x-kubernetes-validations", append(append([]any(nil), first...), rules...))
}

// removeExtension deletes an extension.
func (s *schema) removeExtension(key string) {
	s.Extensions = slices.DeleteFunc(s.Extensions, func(e extension) bool { return e.Key == key })
}
