package validation

import (
	"fmt"
	"go/token"
	"strings"

	"k8s.io/gengo/v2/codetags"

	"github.com/metagen-dev/metagen/generators/markers"
)

// ruleKind is what one rule checks.
type ruleKind int

const (
	ruleRequired ruleKind = iota
	ruleOptional
	ruleForbidden
	ruleImmutable
	ruleUpdate
	ruleMonotonic
	ruleMinimum
	ruleMaximum
	ruleMultipleOf
	ruleMinLength
	ruleMaxLength
	ruleMaxBytes
	rulePattern
	ruleFormat
	ruleSchemaFormat
	ruleEnumValues
	ruleNEQ
	ruleMinItems
	ruleMaxItems
	ruleUniqueItems
	ruleMinProperties
	ruleMaxProperties
	ruleCustom
	ruleFixed
)

// rule is one check a marker asks for.
type rule struct {
	kind ruleKind
	// tag is the marker as its dialect spells it, e.g. "+k8s:minimum", for
	// messages and for validation-gen's order (by tag name).
	tag string
	pos token.Position
	// num is the bound of numeric rules; exclusive makes it strict.
	num       float64
	exclusive bool
	// str is the argument of format, pattern, neq and update.
	str string
	// neqKind is the codetags value type of a +k8s:neq value, and neqInt
	// the value of an integer one.
	neqKind codetags.ValueType
	neqInt  int64
	values  []string // kubebuilder enum values, as text
	// enum are the kubebuilder enum values as the marker parser typed them.
	enum markers.EnumValues
	// numbers are the enum values of a number, parsed.
	numbers []float64
	// fixed is the test-only validateTrue/validateFalse family's result.
	fixed *fixedResult
	mods  modifiers
	// kubebuilder marks the CRD-schema dialect: such rules do not apply to
	// values the JSON encoding omits.
	kubebuilder bool
	// inherited marks a short-circuit rule of a +k8s:subfield's target
	// field, run ahead of the chained rules without reporting its errors.
	inherited bool
	// branch is, for a CRD-schema keyword the CRD keeps twice (a type
	// declared on another, both giving it a value: controller-gen's
	// flattening hoists both into allOf), the 1-based index of its allOf
	// branch; 0 for the value's own keywords.
	branch int
}

// modifiers are what wrapping tags (+k8s:alpha, +k8s:ifEnabled, …) add.
type modifiers struct {
	stability string // "", "alpha" or "beta"
	option    string // +k8s:ifEnabled/ifDisabled option name
	enabled   bool   // the rule applies when option is enabled (else disabled)
}

// declRules are the rules written on one declaration: a field, a type, or,
// through +k8s:eachVal / +k8s:eachKey / +kubebuilder:validation:items, the
// items or keys of one.
type declRules struct {
	rules []rule
	// listType is atomic, set or map, from +k8s:listType or +listType.
	listType    string
	listTypePos token.Position
	listTypeTag string
	mapKeys     []string // +k8s:listMapKey / +listMapKey, in order
	mapKeysPos  token.Position
	unique      string // +k8s:unique=map|set
	uniquePos   token.Position
	customUniq  bool
	listMods    modifiers
	opaque      bool
	// selfMarshalled is set on a value whose JSON kind its Go type does
	// not tell: its type marshals itself, or the schema type is overridden
	// (+kubebuilder:validation:Type).
	selfMarshalled bool
	hasDefault     bool
	zeroDefault    bool
	// listTypeK8s and mapKeysK8s are set when the validation-gen
	// spellings (+k8s:listType, +k8s:listMapKey) are among the markers.
	listTypeK8s, mapKeysK8s bool
	// wrappedEnum is set by +k8s:enum under +k8s:alpha, +k8s:beta,
	// +k8s:ifEnabled or +k8s:ifDisabled (on a type), with what wraps it.
	// chained marks the rules of a +k8s:subfield or +k8s:item chain: they
	// are all it checks, at any depth (its items' types are validated where
	// the part's own type is), so its items and keys are opaque too.
	chained         bool
	wrappedEnum     bool
	wrappedEnumMods modifiers
	wrappedEnumPos  token.Position
	// exclusiveMin and exclusiveMax make the kubebuilder bounds strict.
	exclusiveMin, exclusiveMax       bool
	exclusiveMinPos, exclusiveMaxPos token.Position
	items                            *declRules
	keys                             *declRules
	// unions and dependents are struct-level rules written on fields; so
	// are modes (+k8s:ifMode) and their discriminators.
	unions         []unionTag
	dependents     []dependentTag
	modes          []modeTag
	discriminators []discriminatorTag
	// subfields (+k8s:subfield) and listItems (+k8s:item) chain rules to a
	// named field of a struct value, or to the item of a list-map with
	// the given keys.
	subfields []*chained
	listItems []*chained
	// pathName is the last element of the value's path as validation-gen
	// names it (a field's JSON name, a type's name), which names the members
	// of unions over list items; "" elsewhere.
	pathName string
}

// chained are rules applied to a part of the value they are written on.
type chained struct {
	// name is the subfield's JSON name; args are the item's key values.
	name  string
	args  []markers.TagArg
	rules *declRules
	pos   token.Position
	// unions are the unions a list item is a member of, and keys select
	// the item once checked.
	unions []unionTag
	keys   []itemKey
}

// chainedRules returns the rules for one part, merging repeated tags.
func chainedRules(list *[]*chained, name string, args []markers.TagArg, pos token.Position) *declRules {
	key := name + argsKey(args)
	for _, c := range *list {
		if c.name+argsKey(c.args) == key {
			return c.rules
		}
	}
	c := &chained{name: name, args: args, rules: &declRules{opaque: true, chained: true}, pos: pos}
	*list = append(*list, c)
	return c.rules
}

func argsKey(args []markers.TagArg) string {
	var b strings.Builder
	for _, arg := range args {
		b.WriteString("," + arg.Name + "=" + arg.Value)
	}
	return b.String()
}

// unionTag is +k8s:unionMember, +k8s:unionDiscriminator or
// +k8s:zeroOrOneOfMember on a field.
type unionTag struct {
	tag        string
	union      string
	memberName string
	pos        token.Position
	// mods are the wrapping tags' (+k8s:alpha=+k8s:unionMember, …), which
	// apply to the union's check; sortTag is the outermost tag's name,
	// which orders struct-level checks.
	mods    modifiers
	sortTag string
}

// dependentTag is +k8s:dependentRequired(sibling) or
// +k8s:dependentForbidden(sibling) on a field.
type dependentTag struct {
	required bool
	sibling  string
	pos      token.Position
	mods     modifiers
	sortTag  string
}

func (d *declRules) itemRules() *declRules {
	if d.items == nil {
		d.items = &declRules{}
	}
	return d.items
}

func (d *declRules) keyRules() *declRules {
	if d.keys == nil {
		d.keys = &declRules{}
	}
	return d.keys
}

// readMarkers lists the markers this generator reads, for help.
var readMarkers = []markers.Definer{
	markers.K8sValidationGen, markers.K8sValidationGenInput, markers.K8sValidationGenSchemeRegistry, markers.K8sSupportsSubresource, markers.K8sIsSubresource,
	markers.K8sRequired, markers.K8sOptional, markers.K8sForbidden, markers.K8sImmutable, markers.K8sUpdate, markers.K8sMonotonic,
	markers.K8sMinimum, markers.K8sMaximum, markers.K8sMinLength, markers.K8sMaxLength, markers.K8sMaxBytes, markers.K8sFormat,
	markers.K8sMinItems, markers.K8sMaxItems, markers.K8sMinProperties, markers.K8sMaxProperties,
	markers.K8sEnum, markers.K8sNeq, markers.K8sListType, markers.K8sListMapKey, markers.K8sUnique, markers.K8sCustomUnique,
	markers.K8sEachVal, markers.K8sEachKey, markers.K8sAlpha, markers.K8sBeta, markers.K8sIfEnabled, markers.K8sIfDisabled, markers.K8sOpaqueType,
	markers.K8sItem, markers.K8sSubfield, markers.K8sUnionMember, markers.K8sUnionDiscriminator, markers.K8sZeroOrOneOfMember,
	markers.K8sDependentRequired, markers.K8sDependentForbidden, markers.K8sCustomValidation,
	markers.K8sModeDiscriminator, markers.K8sIfMode, markers.K8sEnumExclude,
	markers.K8sValidateTrue, markers.K8sValidateFalse, markers.K8sValidateTrueAlpha, markers.K8sValidateTrueBeta, markers.K8sValidateError,
	markers.Required, markers.Optional, markers.Default, markers.ListType, markers.ListMapKey,
	markers.KBValidationRequired, markers.KBValidationOptional,
	markers.KBValidationMinimum, markers.KBValidationMaximum,
	markers.KBValidationExclusiveMinimum, markers.KBValidationExclusiveMaximum,
	markers.KBValidationMultipleOf, markers.KBValidationMinLength, markers.KBValidationMaxLength,
	markers.KBValidationPattern, markers.KBValidationFormat, markers.KBValidationEnum,
	markers.KBValidationMinItems, markers.KBValidationMaxItems, markers.KBValidationUniqueItems,
	markers.KBValidationMinProperties, markers.KBValidationMaxProperties,
	markers.KBValidationItems, markers.KBValidationXValidation,
	markers.KBValidationExactlyOneOf, markers.KBValidationAtMostOneOf, markers.KBValidationAtLeastOneOf,
	markers.GenclientNonNamespaced, markers.KBResource, markers.MetagenNameFormat, markers.MetagenCustomResource, markers.MetagenAllowedFinalizers, markers.GroupName,
	markers.MetagenValidationFor,
	markers.K8sValidationGenNolint, markers.K8sValidationGenTestFixture, markers.K8sDeprecated, markers.K8sUnknownTag, // known, and left alone
}

// tagsNotRules are +k8s: tags read elsewhere, or by other generators.
var tagsNotRules = map[string]bool{
	markers.K8sValidationGen.Name: true, markers.K8sValidationGenInput.Name: true, markers.K8sValidationGenSchemeRegistry.Name: true, markers.K8sSupportsSubresource.Name: true,
	markers.K8sIsSubresource.Name: true, markers.K8sValidationGenNolint.Name: true, markers.K8sValidationGenTestFixture.Name: true,
	markers.K8sEnum.Name: true, markers.K8sDeprecated.Name: true, markers.K8sUnknownTag.Name: true,
}

// readRules reads the rules of one declaration's markers.
func (a *analyzer) readRules(set markers.Set) *declRules {
	d := &declRules{}
	for _, m := range set {
		switch {
		case strings.HasPrefix(m.Name, "k8s:") && m.Def != nil && m.Def.ValidationGen():
			if tagsNotRules[m.Name] {
				continue
			}
			tag, ok := markers.Value[markers.ValidationTag](m)
			if !ok {
				a.refused(m)
				continue
			}
			a.outer = "+" + tag.Name
			a.readTag(d, tag, m.Pos, modifiers{})
		case markers.Required.Is(m) || markers.Optional.Is(m):
			kind := ruleRequired
			if markers.Optional.Is(m) {
				kind = ruleOptional
			}
			d.rules = append(d.rules, rule{kind: kind, tag: "+" + m.Name, pos: m.Pos})
		case markers.Default.Is(m):
			d.hasDefault = true
			d.zeroDefault = isZeroDefault(m.Value)
		case markers.ListType.Is(m):
			a.setListType(d, m.Value, markers.ListType.Tag(), m.Pos, modifiers{})
		case markers.ListMapKey.Is(m):
			key, _ := markers.Value[string](m)
			a.addMapKey(d, key, m.Pos, false)
		case strings.HasPrefix(m.Name, "kubebuilder:validation:"):
			a.readKubebuilder(d, m)
		}
	}
	return d
}

// refused reports a marker whose value the marker parser refused, for the
// markers of packages the load does not check (it reports its own).
func (a *analyzer) refused(m markers.Marker) {
	if m.Err != nil {
		a.u.errs[a.pkg.Path] = append(a.u.errs[a.pkg.Path], m.Err)
	}
}

// readTag adds what one +k8s: tag, as the marker parser typed it, asks
// for, following chained tags.
func (a *analyzer) readTag(d *declRules, tag markers.ValidationTag, pos token.Position, mods modifiers) {
	name := "+" + tag.Name
	chained := func() (markers.ValidationTag, bool) {
		if tag.Chained == nil {
			a.errorf(pos, "%s needs a tag to apply, e.g. %s=+k8s:minimum=1", name, name)
			return markers.ValidationTag{}, false
		}
		return *tag.Chained, true
	}
	add := func(kind ruleKind) *rule {
		d.rules = append(d.rules, rule{kind: kind, tag: name, pos: pos, mods: mods})
		return &d.rules[len(d.rules)-1]
	}
	switch tag.Name {
	case markers.K8sRequired.Name:
		add(ruleRequired)
	case markers.K8sOptional.Name:
		add(ruleOptional)
	case markers.K8sForbidden.Name:
		add(ruleForbidden)
	case markers.K8sImmutable.Name:
		add(ruleImmutable)
	case markers.K8sMonotonic.Name:
		add(ruleMonotonic)
	case markers.K8sUpdate.Name:
		switch tag.Value {
		case "NoSet", "NoUnset", "NoModify", "NoAddItem", "NoRemoveItem":
			add(ruleUpdate).str = tag.Value
		default:
			a.errorf(pos, "%s=%s: want NoSet, NoUnset, NoModify, NoAddItem or NoRemoveItem", name, tag.Value)
		}
	case markers.K8sMinimum.Name, markers.K8sMaximum.Name, markers.K8sMinLength.Name, markers.K8sMaxLength.Name, markers.K8sMaxBytes.Name,
		markers.K8sMinItems.Name, markers.K8sMaxItems.Name, markers.K8sMinProperties.Name, markers.K8sMaxProperties.Name:
		a.readBound(d, tag, pos, mods)
	case markers.K8sFormat.Name:
		if !isK8sFormat(tag.Value) {
			a.errorf(pos, "%s=%s: unknown format; want one of %s", name, tag.Value, strings.Join(k8sFormatNames(), ", "))
			return
		}
		add(ruleFormat).str = tag.Value
	case markers.K8sNeq.Name:
		if tag.ValueType == codetags.ValueTypeNone || tag.ValueType == codetags.ValueTypeTag {
			a.errorf(pos, "%s needs a value", name)
			return
		}
		r := add(ruleNEQ)
		r.str, r.neqKind, r.neqInt = tag.Value, tag.ValueType, tag.Int
	case markers.K8sListType.Name:
		a.setListType(d, tag.Value, name, pos, mods)
	case markers.K8sListMapKey.Name:
		a.addMapKey(d, tag.Value, pos, true)
	case markers.K8sUnique.Name:
		if tag.Value != "map" && tag.Value != "set" {
			a.errorf(pos, "%s=%s: want map or set", name, tag.Value)
			return
		}
		d.unique, d.uniquePos, d.listMods = tag.Value, pos, mods
	case markers.K8sCustomUnique.Name:
		d.customUniq = true
	case markers.K8sCustomValidation.Name:
		add(ruleCustom)
	case markers.K8sUnionMember.Name, markers.K8sUnionDiscriminator.Name, markers.K8sZeroOrOneOfMember.Name:
		u := unionTag{tag: name, pos: pos, mods: mods, sortTag: a.outer}
		if arg, ok := tag.PositionalArg(); ok {
			u.union = arg.Value
		}
		if arg, ok := tag.NamedArg("union"); ok {
			u.union = arg.Value
		}
		if arg, ok := tag.NamedArg("memberName"); ok {
			u.memberName = arg.Value
		}
		d.unions = append(d.unions, u)
	case markers.K8sDependentRequired.Name, markers.K8sDependentForbidden.Name:
		arg, ok := tag.PositionalArg()
		if !ok || arg.Value == "" || len(tag.Args) != 1 || arg.Type != codetags.ArgTypeString {
			a.errorf(pos, "%s needs the JSON name of a sibling field: %s(otherField) or %s(\"otherField\")", name, name, name)
			return
		}
		d.dependents = append(d.dependents, dependentTag{
			required: markers.K8sDependentRequired.Names(tag.Name), sibling: arg.Value, pos: pos, mods: mods, sortTag: a.outer,
		})
	case markers.K8sModeDiscriminator.Name:
		a.readDiscriminator(d, tag.Tag, pos, mods)
	case markers.K8sIfMode.Name:
		a.readMode(d, tag, pos, mods)
	case markers.K8sEnum.Name:
		// Plain, it is read with the type's constants; wrapped, the enum
		// check carries the stability mark or option.
		d.wrappedEnum, d.wrappedEnumMods, d.wrappedEnumPos = true, mods, pos
	case markers.K8sEnumExclude.Name:
		a.errorf(pos, "%s applies to constants of a +k8s:enum type", name)
	case markers.K8sValidateTrue.Name, markers.K8sValidateFalse.Name, markers.K8sValidateTrueAlpha.Name, markers.K8sValidateTrueBeta.Name, markers.K8sValidateError.Name:
		if r, ok := a.readFixed(tag, pos); ok {
			r.mods = mods
			d.rules = append(d.rules, r)
		}
	case markers.K8sOpaqueType.Name:
		d.opaque = true
	case markers.K8sEachVal.Name:
		if inner, ok := chained(); ok {
			a.readTag(d.itemRules(), inner, pos, mods)
		}
	case markers.K8sEachKey.Name:
		if inner, ok := chained(); ok {
			a.readTag(d.keyRules(), inner, pos, mods)
		}
	case markers.K8sSubfield.Name:
		arg, ok := tag.PositionalArg()
		if !ok || arg.Value == "" {
			a.errorf(pos, "%s needs the JSON name of a field: %s(name)=+k8s:…", name, name)
			return
		}
		if inner, ok := chained(); ok {
			a.readTag(chainedRules(&d.subfields, arg.Value, nil, pos), inner, pos, mods)
		}
	case markers.K8sItem.Name:
		if len(tag.Args) == 0 || tag.Args[0].Name == "" {
			a.errorf(pos, "%s needs the item's keys: %s(name: \"value\")=+k8s:…", name, name)
			return
		}
		if inner, ok := chained(); ok {
			a.readTag(chainedRules(&d.listItems, "", tag.TypedArgs, pos), inner, pos, mods)
		}
	case markers.K8sAlpha.Name, markers.K8sBeta.Name:
		if inner, ok := chained(); ok {
			if mods.stability != "" {
				a.errorf(pos, "%s inside +k8s:%s: a rule has one stability level", name, mods.stability)
				return
			}
			mods.stability = strings.TrimPrefix(tag.Name, "k8s:")
			a.readTag(d, inner, pos, mods)
		}
	case markers.K8sIfEnabled.Name, markers.K8sIfDisabled.Name:
		arg, ok := tag.PositionalArg()
		if !ok || arg.Value == "" {
			a.errorf(pos, "%s needs an option name: %s(MyFeature)=+k8s:…", name, name)
			return
		}
		if mods.option != "" {
			a.errorf(pos, "%s inside another option condition is not supported", name)
			return
		}
		if inner, ok := chained(); ok {
			mods.option, mods.enabled = arg.Value, markers.K8sIfEnabled.Names(tag.Name)
			a.readTag(d, inner, pos, mods)
		}
	default:
		if !tagsNotRules[tag.Name] {
			a.errorf(pos, "%s cannot be used here", name)
		}
	}
}

// readBound reads the whole number of a limit tag, which the marker
// parser has read and checked (counts are not negative).
func (a *analyzer) readBound(d *declRules, tag markers.ValidationTag, pos token.Position, mods modifiers) {
	kinds := map[string]ruleKind{
		markers.K8sMinimum.Name: ruleMinimum, markers.K8sMaximum.Name: ruleMaximum, markers.K8sMinLength.Name: ruleMinLength,
		markers.K8sMaxLength.Name: ruleMaxLength, markers.K8sMaxBytes.Name: ruleMaxBytes, markers.K8sMinItems.Name: ruleMinItems,
		markers.K8sMaxItems.Name: ruleMaxItems, markers.K8sMinProperties.Name: ruleMinProperties, markers.K8sMaxProperties.Name: ruleMaxProperties,
	}
	d.rules = append(d.rules, rule{kind: kinds[tag.Name], tag: "+" + tag.Name, pos: pos, num: float64(tag.Int), mods: mods})
}

func (a *analyzer) setListType(d *declRules, value, tag string, pos token.Position, mods modifiers) {
	switch value {
	case "atomic", "set", "map":
	default:
		a.errorf(pos, "%s=%s: want atomic, set or map", tag, value)
		return
	}
	if d.listType != "" && d.listType != value {
		a.errorf(pos, "%s=%s contradicts %s=%s at line %d", tag, value, d.listTypeTag, d.listType, d.listTypePos.Line)
		return
	}
	d.listType, d.listTypePos, d.listTypeTag, d.listMods = value, pos, tag, mods
	d.listTypeK8s = d.listTypeK8s || tag == markers.K8sListType.Tag()
}

func (a *analyzer) addMapKey(d *declRules, key string, pos token.Position, k8s bool) {
	d.mapKeysK8s = d.mapKeysK8s || k8s
	for _, existing := range d.mapKeys {
		if existing == key {
			return
		}
	}
	if len(d.mapKeys) == 0 {
		d.mapKeysPos = pos
	}
	d.mapKeys = append(d.mapKeys, key)
}

// isZeroDefault reports whether a +default value is the zero value of a
// scalar: such a default makes +optional meaningless on a value field.
func isZeroDefault(value string) bool {
	switch strings.TrimSpace(value) {
	case "0", `""`, "false", "0.0":
		return true
	}
	return false
}

// readKubebuilder reads one +kubebuilder:validation: marker, which means
// what it means in a CRD schema, from the value the marker parser typed.
func (a *analyzer) readKubebuilder(d *declRules, m markers.Marker) {
	if m.Err != nil {
		a.refused(m)
		return
	}
	name := strings.TrimPrefix(m.Name, "kubebuilder:validation:")
	if name == "items" {
		// +kubebuilder:validation:items:MaxLength=5 applies to the items.
		if item, ok := markers.Value[markers.ItemValidation](m); ok {
			a.readKubebuilder(d.itemRules(), item.Marker)
		}
		return
	}
	tag := "+" + m.Name
	add := func(kind ruleKind) *rule {
		d.rules = append(d.rules, rule{kind: kind, tag: tag, pos: m.Pos, kubebuilder: true})
		return &d.rules[len(d.rules)-1]
	}
	number, _ := m.Typed.(float64)
	count := func(kind ruleKind) {
		n, _ := m.Typed.(int64)
		add(kind).num = float64(n)
	}
	text, _ := m.Typed.(string)
	switch name {
	case "Required":
		add(ruleRequired)
	case "Optional":
		add(ruleOptional)
	case "Minimum":
		add(ruleMinimum).num = number
	case "Maximum":
		add(ruleMaximum).num = number
	case "ExclusiveMinimum":
		d.exclusiveMin, d.exclusiveMinPos = m.Bool(), m.Pos
	case "ExclusiveMaximum":
		d.exclusiveMax, d.exclusiveMaxPos = m.Bool(), m.Pos
	case "MultipleOf":
		if number <= 0 {
			a.errorf(m.Pos, "%s=%s: must be greater than 0", tag, m.Value)
			return
		}
		add(ruleMultipleOf).num = number
	case "MinLength":
		count(ruleMinLength)
	case "MaxLength":
		count(ruleMaxLength)
	case "MinItems":
		count(ruleMinItems)
	case "MaxItems":
		count(ruleMaxItems)
	case "MinProperties":
		count(ruleMinProperties)
	case "MaxProperties":
		count(ruleMaxProperties)
	case "Pattern":
		add(rulePattern).str = text
	case "Format":
		add(ruleSchemaFormat).str = text
	case "Enum":
		r := add(ruleEnumValues)
		r.enum, _ = m.Typed.(markers.EnumValues)
		for _, v := range r.enum {
			r.values = append(r.values, fmt.Sprint(v))
		}
	case "UniqueItems":
		if m.Bool() {
			add(ruleUniqueItems)
		}
	}
}

func (r rule) String() string { return fmt.Sprintf("%s at line %d", r.tag, r.pos.Line) }
