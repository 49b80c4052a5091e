package openapi

import (
	"bytes"
	"encoding/json"
	"fmt"
	"go/token"
	"go/types"
	"path/filepath"
	"slices"
	"strings"

	"k8s.io/gengo/v2/codetags"
	kubeopenapi "k8s.io/kube-openapi/pkg/generators"
	"k8s.io/kube-openapi/pkg/validation/spec"

	"github.com/metagen-dev/metagen/generators/markers"
)

// kubeOpenAPIPrefix is kube-openapi's own validation dialect,
// +k8s:validation:<keyword>=<JSON>, which openapi-gen reads.
var kubeOpenAPIPrefix = markers.K8sValidation.Tag() + ":"

// kubeOpenAPIValidation parses the +k8s:validation: markers of a comment
// with kube-openapi's own parser. Of what it finds, openapi-gen writes
// neither format nor enum nor nullable; unless compat, we do.
func (b *builder) kubeOpenAPIValidation(c comment) *spec.Schema {
	if !hasPrefixedLine(c.Lines, kubeOpenAPIPrefix) {
		return &spec.Schema{}
	}
	s, err := kubeopenapi.ParseCommentTags(nil, c.Lines, kubeOpenAPIPrefix)
	if err != nil {
		b.errorf(c.Pos, "%v", err)
		return &spec.Schema{}
	}
	if b.compat {
		s.Format, s.Enum, s.Nullable = "", nil, false
	}
	return s
}

func hasPrefixedLine(lines []string, prefix string) bool {
	for _, line := range lines {
		if strings.HasPrefix(strings.TrimSpace(line), prefix) {
			return true
		}
	}
	return false
}

// The validation markers that have a schema form. openapi-gen reads none of
// them; we write them unless compat.
//
// validation-gen (+k8s:…): minimum, maximum, minLength, maxLength, minItems,
// maxItems, minProperties, maxProperties, format, listType, listMapKey,
// required and optional, enum (on the type), and eachVal=<one of these> for
// the items of a list or the values of a map. Tags wrapped in +k8s:alpha,
// +k8s:beta, +k8s:ifEnabled or +k8s:ifDisabled are not enforced by default
// and are left out.
//
// kubebuilder (+kubebuilder:validation:…): every keyword, XValidation (CEL),
// items:<keyword>, and +kubebuilder:default, example, title and
// pruning:PreserveUnknownFields; and +nullable.

// keywordMarkers maps a marker to the schema keyword it sets.
var keywordMarkers = map[string]string{
	markers.K8sMinimum.Name:       "minimum",
	markers.K8sMaximum.Name:       "maximum",
	markers.K8sMinLength.Name:     "minLength",
	markers.K8sMaxLength.Name:     "maxLength",
	markers.K8sMinItems.Name:      "minItems",
	markers.K8sMaxItems.Name:      "maxItems",
	markers.K8sMinProperties.Name: "minProperties",
	markers.K8sMaxProperties.Name: "maxProperties",
	markers.K8sFormat.Name:        "format",

	markers.KBValidationMinimum.Name:                "minimum",
	markers.KBValidationMaximum.Name:                "maximum",
	markers.KBValidationExclusiveMinimum.Name:       "exclusiveMinimum",
	markers.KBValidationExclusiveMaximum.Name:       "exclusiveMaximum",
	markers.KBValidationMultipleOf.Name:             "multipleOf",
	markers.KBValidationMinLength.Name:              "minLength",
	markers.KBValidationMaxLength.Name:              "maxLength",
	markers.KBValidationPattern.Name:                "pattern",
	markers.KBValidationFormat.Name:                 "format",
	markers.KBValidationEnum.Name:                   "enum",
	markers.KBValidationMinItems.Name:               "minItems",
	markers.KBValidationMaxItems.Name:               "maxItems",
	markers.KBValidationUniqueItems.Name:            "uniqueItems",
	markers.KBValidationMinProperties.Name:          "minProperties",
	markers.KBValidationMaxProperties.Name:          "maxProperties",
	markers.KBValidationType.Name:                   "type",
	markers.KBValidationNullable.Name:               "nullable",
	markers.Nullable.Name:                           "nullable",
	markers.KBValidationXIntOrString.Name:           "x-kubernetes-int-or-string",
	markers.KBValidationXEmbeddedResource.Name:      "x-kubernetes-embedded-resource",
	markers.KBValidationEmbeddedResource.Name:       "x-kubernetes-embedded-resource",
	markers.KBValidationXPreserveUnknownFields.Name: "x-kubernetes-preserve-unknown-fields",
	markers.KBPruningPreserveUnknownFields.Name:     "x-kubernetes-preserve-unknown-fields",
	markers.KBValidationSchemaless.Name:             "schemaless",
	markers.KBTitle.Name:                            "title",
	markers.KBExample.Name:                          "example",
}

// crdK8sKeywords are the +k8s: keyword tags controller-gen v0.23.0 reads
// into CRD schemas (its declarative validation aliases); it ignores the
// others (+k8s:format=k8s-prefixed-label-key in k8s.io/api, +k8s:minLength,
// …). On types outside the module the CRDs ignore them too: a CRD
// embedding a PodSpec is what controller-gen writes, and never refused for
// a tag the user cannot edit. The module's own +k8s: tags keep their schema
// (declarative validation enforces them; the CRD says the same).
var crdK8sKeywords = map[string]bool{markers.K8sMinimum.Name: true, markers.K8sMaximum.Name: true, markers.K8sMaxItems.Name: true}

// inModule reports whether a marker is written in the main module.
func (b *builder) inModule(pos token.Position) bool {
	for _, dir := range b.g.universe.ModuleDirs {
		if strings.HasPrefix(pos.Filename, dir+string(filepath.Separator)) {
			return true
		}
	}
	return false
}

// addFieldMarkerValidation applies the validation markers of a field, and
// those on the named non-struct types behind it, which apply wherever the
// type is used. In a CRD the field's markers are flattened over its type's
// as controller-gen flattens them (applyLayers: a keyword both set
// differently is kept twice, in allOf); in openapi-gen's definitions the
// field's own markers win.
func (b *builder) addFieldMarkerValidation(s *schema, c comment, t types.Type, from *types.Package) {
	b.applyLayers(s, append(baseFirst(b.namedTypeLayers(t)), layer{set: c.Markers, pkg: from}))
	b.applyKubebuilderDefault(s, c)
	if b.crd && markers.K8sRequired.Has(c.Markers) {
		b.requireNonEmpty(s, t)
	}
}

// requireNonEmpty bounds a +k8s:required field of a CRD as controller-gen
// v0.23 does, unless a bound is declared: a string has at least one
// character, a list one item, a map or a struct one property; declarative
// validation's +k8s:required refuses the same empty values. (Where the
// field's type is a string type of another package, controller-gen writes
// minProperties instead, which bounds no string: the CRD takes minLength.)
func (b *builder) requireNonEmpty(s *schema, t types.Type) {
	t = derefAll(t)
	one := int64(1)
	switch u := t.Underlying().(type) {
	case *types.Basic:
		if u.Info()&types.IsString != 0 && s.Checks.MinLength == nil {
			s.Checks.MinLength = &one
		}
	case *types.Slice:
		if isByte(u.Elem()) {
			if s.Checks.MinLength == nil {
				s.Checks.MinLength = &one
			}
		} else if s.Checks.MinItems == nil {
			s.Checks.MinItems = &one
		}
	case *types.Map:
		if s.Checks.MinProperties == nil {
			s.Checks.MinProperties = &one
		}
	case *types.Struct:
		if s.Checks.MinProperties != nil {
			return
		}
		if named, ok := types.Unalias(t).(*types.Named); ok {
			if _, special := specialSchemas[goPath(named.Obj())]; special {
				return
			}
			for _, m := range b.g.typeComment(named.Obj()).Markers {
				if keywordMarkers[m.Name] == "minProperties" {
					return // the struct's own bound applies
				}
			}
		}
		s.Checks.MinProperties = &one
	}
}

// addElementMarkerValidation applies the markers of the named non-struct
// types behind a list item or map value: they apply wherever the type is
// used, as controller-gen inlines the type's schema there. openapi-gen
// writes only the type and format of an element, so compat does not.
func (b *builder) addElementMarkerValidation(s *schema, t types.Type) {
	b.applyLayers(s, baseFirst(b.namedTypeLayers(t)))
}

// baseFirst reverses the nearest-first layers of namedTypeLayers.
func baseFirst(nearestFirst []layer) []layer {
	out := slices.Clone(nearestFirst)
	slices.Reverse(out)
	return out
}

// namedTypeMarkers are the markers of the named non-struct types behind t,
// the nearest first.
func (b *builder) namedTypeMarkers(t types.Type) []markers.Set {
	var sets []markers.Set
	for _, l := range b.namedTypeLayers(t) {
		sets = append(sets, l.set)
	}
	return sets
}

// namedTypeLayers are the named non-struct types behind t with their
// markers, the nearest first.
func (b *builder) namedTypeLayers(t types.Type) []layer {
	var layers []layer
	for next := t; next != nil; {
		var set markers.Set
		var path string
		named, isNamed := types.Unalias(next).(*types.Named)
		next = b.behind(next, &set, &path)
		if isNamed {
			if _, isStruct := named.Underlying().(*types.Struct); isStruct {
				break // a struct's own markers apply to its definition
			}
			layers = append(layers, layer{set: set, obj: named.Obj(), pkg: named.Obj().Pkg()})
		}
	}
	return layers
}

// addMarkerValidation applies the validation markers of a struct type to
// its definition, the one-of rules last, as controller-gen orders them.
func (b *builder) addMarkerValidation(s *schema, c comment) {
	b.applyMarkers(s, c.Markers, map[string]markers.Marker{})
	b.addOneOfRules(s, c.Markers)
}

// oneOfRules are controller-gen's CEL rules for +kubebuilder:validation:
// AtMostOneOf, ExactlyOneOf and AtLeastOneOf, in the order it applies them.
var oneOfRules = []struct {
	marker string
	rule   func(fields []string) string
	says   string
}{
	{markers.KBValidationAtMostOneOf.Name, func(f []string) string { return countSet(f) + " <= 1" }, "at most one of the fields in %v may be set"},
	{markers.KBValidationExactlyOneOf.Name, func(f []string) string { return countSet(f) + " == 1" }, "exactly one of the fields in %v must be set"},
	{markers.KBValidationAtLeastOneOf.Name, anySet, "at least one of the fields in %v must be set"},
}

// addOneOfRules turns the one-of markers of a struct into CEL rules with
// controller-gen's text. A member may not be required: the rule would then
// never hold, or always.
func (b *builder) addOneOfRules(s *schema, set markers.Set) {
	for _, kind := range oneOfRules {
		for _, m := range set.All(kind.marker) {
			fields, ok := b.oneOfFields(s, m)
			if !ok {
				continue
			}
			b.addCELRule(s, celMarker(m, kind.rule(fields), fmt.Sprintf(kind.says, fields)))
		}
	}
}

// oneOfFields checks the field names of a one-of marker against the struct.
func (b *builder) oneOfFields(s *schema, m markers.Marker) ([]string, bool) {
	fields, ok := markers.Value[markers.FieldNames](m)
	if !ok {
		b.refused(m)
		return nil, false
	}
	for i := range fields {
		if s.property(fields[i]) == nil {
			b.errorf(m.Pos, "%s: the struct has no field %q", m, fields[i])
			return nil, false
		}
		if slices.Contains(s.Required, fields[i]) {
			b.errorf(m.Pos, "%s: field %s is required, so it cannot be one of several; make it optional", m, fields[i])
			return nil, false
		}
	}
	return fields, true
}

// countSet is (has(self.a)?1:0)+(has(self.b)?1:0), the number of the fields set.
func countSet(fields []string) string {
	terms := make([]string, len(fields))
	for i, f := range fields {
		terms[i] = "(has(self." + f + ")?1:0)"
	}
	return strings.Join(terms, "+")
}

// anySet is has(self.a)||has(self.b).
func anySet(fields []string) string {
	terms := make([]string, len(fields))
	for i, f := range fields {
		terms[i] = "has(self." + f + ")"
	}
	return strings.Join(terms, "||")
}

// applyExternalDocs sets +kubebuilder:externalDocs:url=…,description=….
func (b *builder) applyExternalDocs(s *schema, m markers.Marker) {
	docs, ok := markers.Value[markers.ExternalDocs](m)
	if !ok {
		b.refused(m)
		return
	}
	s.ExternalDocs = &spec.ExternalDocumentation{URL: docs.URL, Description: docs.Description}
}

// refused reports a marker whose value the marker parser refused, for the
// markers of packages the load does not check (it reports its own).
func (b *builder) refused(m markers.Marker) {
	if m.Err != nil {
		b.errs = append(b.errs, m.Err)
	}
}

// applyMarkers applies each marker with a schema form once per keyword: a
// keyword already set by an earlier set (the field's) is kept, and two
// different values within one set are an error.
func (b *builder) applyMarkers(s *schema, set markers.Set, applied map[string]markers.Marker) {
	seen := map[string]markers.Marker{}
	var itemMarkers []markers.Marker // in a CRD, over a named item type's schema
	for _, m := range set {
		switch {
		case markers.KBValidationXValidation.Is(m):
			b.addCELRule(s, m)
		case markers.KBValidationItems.Is(m) && b.crd && s.Items != nil && s.Items.Ref == nil && isNamed(s.Items.Go):
			itemMarkers = append(itemMarkers, m)
		case markers.KBValidationItems.Is(m):
			b.applyItemMarker(s, m)
		case markers.KBExternalDocs.Is(m):
			b.applyExternalDocs(s, m)
		case markers.K8sEachVal.Is(m):
			if b.crd && !b.inModule(m.Pos) {
				continue // controller-gen reads no +k8s:eachVal; see crdK8sKeywords
			}
			b.applyEachVal(s, m)
		default:
			keyword, ok := keywordMarkers[m.Name]
			if !ok || b.crd && strings.HasPrefix(m.Name, "k8s:") && !crdK8sKeywords[m.Name] && !b.inModule(m.Pos) {
				continue
			}
			if earlier, dup := seen[keyword]; dup && earlier.Value != m.Value {
				b.errorf(m.Pos, "%s conflicts with %s", m, earlier)
				continue
			}
			seen[keyword] = m
			if _, done := applied[keyword]; done {
				continue
			}
			b.applyKeyword(s, keyword, m, m)
		}
	}
	for keyword, m := range seen {
		applied[keyword] = m
	}
	if len(itemMarkers) > 0 {
		// controller-gen's items schema refers to the item type's and adds
		// these: the two are flattened.
		b.flattenLayer(s.Items, "", func() {
			for _, m := range itemMarkers {
				b.applyItemMarker(s, m)
			}
		})
	}
}

// isNamed reports a named type, through pointers.
func isNamed(t types.Type) bool {
	if t == nil {
		return false
	}
	_, ok := types.Unalias(derefAll(t)).(*types.Named)
	return ok
}

// applyKeyword sets one keyword from a marker's typed value; shown is the
// marker as written, for messages.
func (b *builder) applyKeyword(s *schema, keyword string, m, shown markers.Marker) {
	if m.Err != nil {
		b.refused(m)
		return
	}
	if keyword == "x-kubernetes-int-or-string" && b.crd && refersToIntOrString(s) {
		// A CRD keeps the reference, as controller-gen does: the type's
		// schema (Quantity's pattern) is flattened with the field's.
		s.setExtension(keyword, true)
		return
	}
	if typ, ok := m.Typed.(string); ok && keyword == "type" && b.crd && s.Ref != nil && schemaType(s) == typ {
		// The type the referred schema has already: a CRD keeps the
		// reference (and the struct's properties), as controller-gen does.
		s.Type = []string{typ}
		return
	}
	setKeyword(s, keyword, m)
	if err := checkKeywordType(s, keyword); err != nil {
		b.errorf(shown.Pos, "%s: %v", shown, err)
	}
}

// setKeyword sets keyword from the value the marker parser typed: a
// number, a count, a string, enum values or a literal; the boolean
// keywords are true for a bare marker.
func setKeyword(s *schema, keyword string, m markers.Marker) {
	value := m.Typed
	if tag, ok := value.(markers.ValidationTag); ok {
		value = tagValue(tag)
	}
	switch keyword {
	case "minimum", "maximum", "multipleOf":
		f, _ := asFloat(value)
		*numberKeyword(&s.Checks, keyword) = &f
	case "minLength", "maxLength", "minItems", "maxItems", "minProperties", "maxProperties":
		n, _ := value.(int64)
		*countKeyword(&s.Checks, keyword) = &n
	case "exclusiveMinimum":
		s.Checks.ExclusiveMinimum = m.Bool()
	case "exclusiveMaximum":
		s.Checks.ExclusiveMaximum = m.Bool()
	case "uniqueItems":
		s.Checks.UniqueItems = m.Bool()
	case "nullable":
		s.Checks.Nullable = m.Bool()
	case "pattern":
		s.Checks.Pattern, _ = value.(string)
	case "format":
		s.Format, _ = value.(string)
	case "title":
		s.Checks.Title, _ = value.(string)
	case "enum":
		items, _ := value.(markers.EnumValues)
		s.Enum = nil
		for _, item := range items {
			s.Enum = append(s.Enum, enumJSON(item))
		}
	case "example":
		example, _ := value.(markers.Literal)
		s.Example = example.Value
	case "type":
		typ, _ := value.(string)
		overrideType(s, typ)
	case "x-kubernetes-int-or-string":
		intOrString(s)
	case "schemaless":
		*s = schema{Description: s.Description, Go: s.Go, Pos: s.Pos, Extensions: s.Extensions}
	default: // the x-kubernetes-… flags
		s.setExtension(keyword, true)
	}
}

// tagValue is the value of a +k8s: tag: its whole number, or its text.
func tagValue(tag markers.ValidationTag) any {
	if tag.ValueType == codetags.ValueTypeInt {
		return tag.Int
	}
	return tag.Value
}

func asFloat(value any) (float64, bool) {
	switch v := value.(type) {
	case float64:
		return v, true
	case int64:
		return float64(v), true
	}
	return 0, false
}

// numberKeyword is the field of a numeric bound.
func numberKeyword(c *spec.SchemaProps, keyword string) **float64 {
	switch keyword {
	case "minimum":
		return &c.Minimum
	case "maximum":
		return &c.Maximum
	}
	return &c.MultipleOf
}

// countKeyword is the field of a length, size or count bound.
func countKeyword(c *spec.SchemaProps, keyword string) **int64 {
	switch keyword {
	case "minLength":
		return &c.MinLength
	case "maxLength":
		return &c.MaxLength
	case "minItems":
		return &c.MinItems
	case "maxItems":
		return &c.MaxItems
	case "minProperties":
		return &c.MinProperties
	}
	return &c.MaxProperties
}

// overrideType replaces the schema's type, dropping what no longer applies.
func overrideType(s *schema, typ string) {
	s.Type, s.Ref, s.Format, s.WriteFormat = []string{typ}, nil, "", false
	if typ != "object" {
		s.Properties, s.AdditionalProperties, s.Required = nil, nil, nil
	}
	if typ != "array" {
		s.Items = nil
	}
}

// refersToIntOrString reports a reference to a type a CRD describes as an
// integer or a string (Quantity, IntOrString).
func refersToIntOrString(s *schema) bool {
	if s.Ref == nil || s.Ref.Type == nil {
		return false
	}
	special, ok := specialSchemas[goPath(s.Ref.Type)]
	if !ok {
		return false
	}
	own := special()
	_, has := own.Extensions.GetBool("x-kubernetes-int-or-string")
	return has
}

// intOrString makes the schema accept an integer or a string, as
// controller-gen writes +kubebuilder:validation:XIntOrString.
func intOrString(s *schema) {
	overrideType(s, "")
	s.Type = nil
	s.Checks.AnyOf = []spec.Schema{
		{SchemaProps: spec.SchemaProps{Type: []string{"integer"}}},
		{SchemaProps: spec.SchemaProps{Type: []string{"string"}}},
	}
	s.setExtension("x-kubernetes-int-or-string", true)
}

// checkKeywordType refuses keywords that cannot apply to the schema's type,
// when the type is known.
func checkKeywordType(s *schema, keyword string) error {
	typ := schemaType(s)
	if typ == "" {
		return nil
	}
	allowed := map[string][]string{
		"minimum": {"integer", "number"}, "maximum": {"integer", "number"}, "multipleOf": {"integer", "number"},
		"exclusiveMinimum": {"integer", "number"}, "exclusiveMaximum": {"integer", "number"},
		"minLength": {"string"}, "maxLength": {"string"}, "pattern": {"string"},
		"minItems": {"array"}, "maxItems": {"array"}, "uniqueItems": {"array"},
		"minProperties": {"object"}, "maxProperties": {"object"},
	}[keyword]
	if allowed == nil {
		return nil
	}
	for _, a := range allowed {
		if a == typ {
			return nil
		}
	}
	return fmt.Errorf("applies to %s, not to %s", strings.Join(allowed, " or "), typ)
}

// schemaType is the JSON type of a schema, "object" for a reference to a
// plain struct, or "" when it cannot be told here.
func schemaType(s *schema) string {
	if len(s.Type) == 1 {
		return s.Type[0]
	}
	if s.Ref != nil {
		if named, ok := s.Ref.Type.Type().(*types.Named); ok && !methodsOf(named).any() {
			return "object"
		}
	}
	return ""
}

// applyItemMarker applies +kubebuilder:validation:items:<Keyword>=<value>
// to the items of a list.
func (b *builder) applyItemMarker(s *schema, m markers.Marker) {
	item, ok := markers.Value[markers.ItemValidation](m)
	if !ok {
		b.refused(m)
		return
	}
	if s.Items == nil {
		b.errorf(m.Pos, "%s applies to a list", m)
		return
	}
	inner := item.Marker
	if markers.KBValidationXValidation.Is(inner) {
		b.addCELRule(s.Items, inner)
		return
	}
	keyword, ok := keywordMarkers[inner.Name]
	if !ok {
		b.errorf(m.Pos, "%s: unknown validation %q", m, strings.TrimPrefix(inner.Name, "kubebuilder:validation:"))
		return
	}
	b.applyKeyword(s.Items, keyword, inner, m)
}

// applyEachVal applies +k8s:eachVal=+k8s:<tag> to list items or map values.
func (b *builder) applyEachVal(s *schema, m markers.Marker) {
	target := s.Items
	if target == nil {
		target = s.AdditionalProperties
	}
	if target == nil {
		b.errorf(m.Pos, "%s applies to a list or a map", m)
		return
	}
	tag, ok := markers.Value[markers.ValidationTag](m)
	if !ok {
		b.refused(m)
		return
	}
	if tag.Chained == nil {
		return
	}
	inner := *tag.Chained
	keyword, ok := keywordMarkers[inner.Name]
	if !ok {
		return // a validation with no schema form
	}
	value := markers.Marker{Name: inner.Name, Value: inner.Value, HasValue: inner.ValueType != codetags.ValueTypeNone, Typed: inner, Pos: m.Pos}
	b.applyKeyword(target, keyword, value, value)
}

// applyKubebuilderDefault sets +kubebuilder:default, which must agree with +default.
func (b *builder) applyKubebuilderDefault(s *schema, c comment) {
	m, ok := markers.KBDefault.Marker(c.Markers)
	if !ok {
		return
	}
	literal, ok := markers.Value[markers.Literal](m)
	if !ok {
		b.refused(m)
		return
	}
	value := literal.Value
	if object, ok := value.(map[string]any); ok && len(object) == 0 && schemaType(s) == "array" {
		value = []any{} // controller-gen reads {} on a list as the empty list
	}
	if s.Default != nil && !b.sameDefault(s.Default, value) {
		if _, enforced := markers.Default.Marker(c.Markers); enforced {
			b.errorf(m.Pos, "%s conflicts with +default", m)
			return
		}
	}
	s.Default, s.DefaultDeclared = value, true
}

// sameDefault compares a +default, resolving ref(…) to its constant's
// value, with a +kubebuilder:default, as JSON: 3 and 3.0 are one value.
func (b *builder) sameDefault(declared, value any) bool {
	if sym, ok := declared.(symbol); ok {
		resolved, err := b.g.constValue(sym)
		if err != "" {
			return false
		}
		declared = resolved
	}
	x, errX := json.Marshal(declared)
	y, errY := json.Marshal(value)
	return errX == nil && errY == nil && bytes.Equal(x, y)
}

// listTypeFromValidationTags sets the list type and keys from
// +k8s:listType and +k8s:listMapKey where +listType does not.
func (b *builder) listTypeFromValidationTags(out []extension, c comment) []extension {
	listType, ok := markers.K8sListType.Marker(c.Markers)
	if !ok {
		return out
	}
	if own, ok := markers.ListType.Marker(c.Markers); ok {
		if own.Value != listType.Value {
			b.errorf(listType.Pos, "%s conflicts with %s", listType, own)
		}
		return out
	}
	out = append(out, extension{"x-kubernetes-list-type", listType.Value})
	var keys []any
	for _, key := range markers.K8sListMapKey.Markers(c.Markers) {
		keys = append(keys, key.Value)
	}
	if len(keys) > 0 {
		out = append(out, extension{"x-kubernetes-list-map-keys", keys})
	}
	return out
}

// packageDefaultOptional reads +kubebuilder:validation:Optional or Required
// on the package that declares a field.
func (g *generation) packageDefaultOptional(field *types.Var) (optional, ok bool) {
	if field.Pkg() == nil {
		return false, false
	}
	set := g.comments.PackageMarkers(field)
	switch {
	case markers.KBValidationOptional.Has(set):
		return true, true
	case markers.KBValidationRequired.Has(set):
		return false, true
	}
	return false, false
}

// enumJSON is an enum item as controller-tools parsed it, as JSON decodes
// it (controller-gen marshals the value: 1 is a number, "1" a string).
func enumJSON(item any) any {
	switch v := item.(type) {
	case int:
		return float64(v)
	case int64:
		return float64(v)
	}
	return item
}
