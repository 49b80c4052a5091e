package markers

import (
	"fmt"
	"math"
	"reflect"
	"strconv"
	"strings"

	"k8s.io/gengo/v2/codetags"
)

// A marker's value is parsed once, where the marker is read (ParseGroups),
// into Marker.Typed; generators read the typed value and never parse the
// text again. A Def's value type is the Go type below whose doc comment
// says what the marker takes, or, for the one-value kinds, the Go type of
// its Kind: bool (Bool), int64 (Int), float64 (Number), []string (List).

// XValidation is +kubebuilder:validation:XValidation (and
// +kubebuilder:validation:items:XValidation): a CEL rule that
// kube-apiserver enforces through the CRD schema, with controller-gen's
// arguments rule=…,message=…,messageExpression=…,reason=…,fieldPath=…,
// optionalOldSelf=…. The optional arguments are nil when not written: an
// empty message="" is written as such.
//
// A CEL rule: rule=…,message=…,reason=…,fieldPath=…. Enforced by
// kube-apiserver through the CRD schema, and by the generated Validate_ of a
// root type (through schema/cel, apiextensions' own CEL validator).
type XValidation struct {
	Rule              string
	Message           *string `marker:",optional"`
	MessageExpression *string `marker:",optional"`
	Reason            *string `marker:",optional"`
	FieldPath         *string `marker:",optional"`
	OptionalOldSelf   *bool   `marker:",optional"`
}

// EnumValues is +kubebuilder:validation:Enum: the allowed values, a;b or
// {a,b}, each item keeping the type its spelling gives it (a string, a
// number or a bool), as controller-tools reads it.
//
// The allowed values, separated by ';' (strings and numbers in Go
// validation; other kinds: CRD schema only).
type EnumValues []any

// FieldNames is the value of +kubebuilder:validation:ExactlyOneOf,
// AtMostOneOf and AtLeastOneOf: the JSON names of the struct's fields, a;b
// or {a,b}.
type FieldNames []string

// ItemValidation is +kubebuilder:validation:items:<Keyword>=<value>: the
// validation marker it applies to the items of a list, read as if written
// on its own ("+kubebuilder:validation:<Keyword>=<value>"), value typed.
//
// Applies a validation to list items:
// +kubebuilder:validation:items:MaxLength=5.
type ItemValidation struct {
	Marker Marker
}

// ValidationTag is a +k8s: tag of validation-gen's dialect as gengo's
// codetags parses it, the reference parser of that dialect: its arguments
// and value (a string, a number, a bool or a chained tag). Int is the
// value of a tag that takes a whole number (+k8s:minimum=1) or whose value
// is one (+k8s:neq=5), in any base codetags reads; TypedArgs are the
// arguments with the whole number of each integer one; Chained is the tag
// a chaining tag applies (+k8s:eachVal=+k8s:maxLength=5), parsed the same
// way.
type ValidationTag struct {
	codetags.Tag
	Int       int64
	TypedArgs []TagArg
	Chained   *ValidationTag
}

// TagArg is an argument of a +k8s: tag; Int is its whole number when
// codetags reads it as one (Type codetags.ArgTypeInt). The arguments of
// validation-gen's test tags (+k8s:validateTrue, validateFalse,
// validateTrueAlpha, validateTrueBeta) are typed as validation-gen reads
// them (validators/testing.go): Items, the flags of flags: "…", split at
// commas and trimmed (ShortCircuit, NonError); Pointee, the type typeArg:
// "…" names, without a leading '*' (validation-gen always takes the
// pointer).
type TagArg struct {
	codetags.Arg
	Int     int64
	Items   []string
	Pointee string
}

// ExternalDocs is +kubebuilder:externalDocs:url=…,description=…: the
// schema's external documentation; url is required.
//
// External documentation of the schema: url=…,description=….
type ExternalDocs struct {
	URL         string `marker:"url"`
	Description string `marker:",optional"`
}

// ClientMethod is +genclient:method=<Name>,verb=…,subresource=…,input=…,result=…:
// an extra method of the type's typed client, read as client-gen reads it
// (split at commas, each item after the name at its first '=', no
// quoting). Name is the first item, trimmed; Args the items after it, in
// the order written. The client generator checks the name, the keys and
// the types they name, against the package.
//
// Adds an extra method:
// +genclient:method=Name,verb=create,subresource=x,input=pkg.T,result=pkg.T.
type ClientMethod struct {
	Name string
	Args []MethodArg
}

// MethodArg is one item after a +genclient:method's name: Key=Value, both
// trimmed; Text is the item as written. HasValue is false for an item
// without '='. Type is the Value read as a type name, as client-gen reads
// input= and result= (split at the last '.').
type MethodArg struct {
	Key, Value, Text string
	HasValue         bool
	Type             TypeName
}

// TypeName is a Go type a marker names: <import path>.<Name>, split at the
// last '.', or a bare Name (HasPath false: the marker's own package).
type TypeName struct {
	Path, Name string
	HasPath    bool
}

// ValidationGen is +k8s:validation-gen's value, trimmed (Text), read as
// validation-gen reads it. On a package it selects the root types: All
// for "*", WithField for "TypeMeta" and TypesWithField=<field>, WithSuffix
// for TypesWithSuffix=<suffix> (Selector names the form with '=', whose
// name may be missing); any other text selects nothing, "false" turns the
// package off. On a type, "true" or "false".
//
// On a package: which types are root types (*, TypeMeta, TypesWithField=…,
// TypesWithSuffix=…; repeatable; false turns the package off). On a type:
// true or false.
type ValidationGen struct {
	Text                  string
	All                   bool
	WithField, WithSuffix string
	Selector              string
}

// OpenAPIGen is +k8s:openapi-gen's value: Text as written (true or false
// include or exclude a package, type or field), and, for a value
// x-kubernetes-<name>:<value>, the vendor extension openapi-gen writes on
// the schema, split at the first ':' as openapi-gen splits it.
//
// true/false to include or exclude, or an x-kubernetes-… extension.
type OpenAPIGen struct {
	Text      string
	Extension *VendorExtension // nil unless Text starts with x-kubernetes-
}

// VendorExtension is an x-kubernetes- extension of +k8s:openapi-gen: Name
// (x-kubernetes-…) and Value; HasValue is false when the text has no ':'
// (openapi-gen logs it and writes no extension).
type VendorExtension struct {
	Name, Value string
	HasValue    bool
}

// PatchStrategies is +patchStrategy's value: the strategic-merge-patch
// strategies (merge, retainKeys, replace), split at commas, each item as
// written (" merge" is no strategy; the openapi generator refuses an item
// it does not know, an empty one too).
//
// x-kubernetes-patch-strategy.
type PatchStrategies []string

// DeepcopyGen is +k8s:deepcopy-gen's value, one of those its check allows:
// Mode is "package", "true" or "false"; Register is set for
// "package,register" (deepcopy-gen's old register option, which metagen
// reads as "package").
//
// Opts a package ("package") or one type ("true"/"false") in or out of
// deepcopy generation.
type DeepcopyGen struct {
	Mode     string
	Register bool
}

// Release is the value of +k8s:prerelease-lifecycle-gen:introduced,
// deprecated and removed: a Kubernetes release, <major>.<minor>.
type Release struct {
	Major, Minor int
}

// ReplacementKind is the value of +k8s:prerelease-lifecycle-gen:replacement:
// the kind that replaces this one, <group>,<version>,<kind>.
//
// prerelease-lifecycle-gen: group,version,kind of the replacement.
type ReplacementKind struct {
	Group, Version, Kind string
}

// Literal is the value of +kubebuilder:default and +kubebuilder:example: a
// value of any type, as JSON or in controller-tools' syntax (ParseValue);
// Value is nil for null.
type Literal struct {
	Value any
}

// Severity says what a problem with a marker does to the run.
type Severity uint8

const (
	// SeverityError refuses the input: nothing is written, exit 2.
	SeverityError Severity = iota
	// SeverityWarning reports the problem and generates on.
	SeverityWarning
)

func (s Severity) String() string {
	if s == SeverityWarning {
		return "warning"
	}
	return "error"
}

// Value returns the typed value of m as a T, and whether it has one: a
// marker whose value was refused at load has none.
func Value[T any](m Marker) (T, bool) {
	v, ok := m.Typed.(T)
	return v, ok
}

// ValueType is the Go type a Def's value is parsed into (Define's T), or
// nil for a marker whose value is text as written (or which takes none).
func (d *Def) ValueType() reflect.Type { return d.typ }

// isValidationTag: the validation-gen markers that are validation tags,
// typed with codetags; the rest of the dialect are options of the
// generator, read as text.
func isValidationTag(d *Def) bool {
	return d.typ == reflect.TypeFor[ValidationTag]()
}

// typedValue parses the value of m, whose Def is known and whose text
// passed checkValue, into its value type; nil for a marker without one.
// The parsers of the dialects (codetags, controller-tools' grammar) do not
// quote what they refuse: their errors quote it here.
func typedValue(m Marker) (any, error) {
	value, err := parseTyped(m)
	if err != nil && !quotes(err, m.Value) && !quotes(err, m.Args) {
		err = fmt.Errorf("%v, in %q", err, m.String())
	}
	return value, err
}

func quotes(err error, text string) bool {
	return text != "" && strings.Contains(err.Error(), strconv.Quote(text))
}

func parseTyped(m Marker) (any, error) {
	def := m.Def
	switch def.typ {
	case nil:
		return nil, nil
	case reflect.TypeFor[ValidationTag]():
		tag, err := codetags.Parse(tagText(m))
		if err != nil {
			return nil, err
		}
		return typeTag(tag, "")
	case reflect.TypeFor[string]():
		return Unquote(m.Value), nil // Def.Unquote
	case reflect.TypeFor[EnumValues]():
		items, err := AnyList(m.Value)
		return EnumValues(items), err
	case reflect.TypeFor[FieldNames]():
		return parseFieldNames(m.Value)
	case reflect.TypeFor[ItemValidation]():
		return parseItemValidation(m)
	case reflect.TypeFor[Literal]():
		value, err := ParseValue(m.Value)
		return Literal{Value: value}, err
	case reflect.TypeFor[Release]():
		return parseRelease(m.Value)
	case reflect.TypeFor[ClientMethod]():
		return parseClientMethod(m.Value), nil
	case reflect.TypeFor[TypeName]():
		return parseTypeName(m.Value), nil
	case reflect.TypeFor[ValidationGen]():
		return parseValidationGen(m.Value), nil
	case reflect.TypeFor[OpenAPIGen]():
		return parseOpenAPIGen(m.Value), nil
	case reflect.TypeFor[PatchStrategies]():
		return parsePatchStrategies(m.Value), nil
	case reflect.TypeFor[DeepcopyGen]():
		return parseDeepcopyGen(m.Value), nil
	case reflect.TypeFor[ReplacementKind]():
		parts := strings.Split(m.Value, ",") // three, checkReplacementGVK has seen to it
		return ReplacementKind{Group: parts[0], Version: parts[1], Kind: parts[2]}, nil
	case reflect.TypeFor[bool]():
		return m.Bool(), nil
	case reflect.TypeFor[int64]():
		return wholeNumber(def, m.Value, 10)
	case reflect.TypeFor[float64]():
		n, err := strconv.ParseFloat(m.Value, 64)
		if err != nil || math.IsInf(n, 0) || math.IsNaN(n) {
			return nil, fmt.Errorf("want a number, got %q", m.Value)
		}
		return n, nil
	case reflect.TypeFor[[]string]():
		return m.list(), nil
	}
	if def.Args && def.typ.Kind() == reflect.Struct {
		return decodeArgType(m, def.typ)
	}
	return nil, fmt.Errorf("markers: no parser for +%s's %s", def.Name, def.typ)
}

// parseRelease reads <major>.<minor> (checkKubeRelease has accepted it).
func parseRelease(text string) (Release, error) {
	major, minor, _ := strings.Cut(text, ".")
	a, errA := strconv.Atoi(major)
	b, errB := strconv.Atoi(minor)
	if errA != nil || errB != nil {
		return Release{}, fmt.Errorf("want <major>.<minor>, like 1.20, got %q", text)
	}
	return Release{Major: a, Minor: b}, nil
}

// wholeNumber reads a whole number in base (0: any base Go spells).
func wholeNumber(def *Def, text string, base int) (int64, error) {
	n, err := strconv.ParseInt(text, base, 64)
	switch {
	case err != nil:
		return 0, fmt.Errorf("want a whole number, got %q", text)
	case n < 0 && def.Count:
		return 0, fmt.Errorf("want a whole number, zero or more, got %q", text)
	}
	return n, nil
}

// tagText is the marker as codetags reads it: name(args)=value.
func tagText(m Marker) string {
	text := m.Name
	if m.Param != "" {
		text += "(" + m.Param + ")"
	}
	if m.HasValue {
		text += "=" + m.Value
	}
	return text
}

// typeTag reads the whole number of each tag in a codetags chain that
// takes one; where names a chained tag in errors ("" for the marker itself).
func typeTag(tag codetags.Tag, where string) (ValidationTag, error) {
	out := ValidationTag{Tag: tag, TypedArgs: typedArgs(tag)}
	if def := Lookup(tag.Name); def != nil && def.Kind == Int && isValidationTag(def) {
		n, err := wholeNumber(def, tag.Value, 0)
		if tag.ValueType != codetags.ValueTypeInt && err == nil {
			err = fmt.Errorf("want a whole number, got %q", tag.Value)
		}
		if err != nil {
			return out, fmt.Errorf("%s%v", where, err)
		}
		out.Int = n
	} else if tag.ValueType == codetags.ValueTypeInt {
		out.Int = codetagsInt(tag.Value)
	}
	if tag.ValueType == codetags.ValueTypeTag && tag.ValueTag != nil {
		chained, err := typeTag(*tag.ValueTag, "+"+tag.ValueTag.Name+": ")
		if err != nil {
			return out, err
		}
		out.Chained = &chained
	}
	return out, nil
}

// typedArgs pairs each argument with its whole number, if it is one, and
// types a test tag's flags and typeArg.
func typedArgs(tag codetags.Tag) []TagArg {
	if len(tag.Args) == 0 {
		return nil
	}
	fixed := isFixedResultTag(tag.Name)
	out := make([]TagArg, len(tag.Args))
	for i, arg := range tag.Args {
		out[i] = TagArg{Arg: arg}
		if arg.Type == codetags.ArgTypeInt {
			out[i].Int = codetagsInt(arg.Value)
		}
		switch {
		case fixed && arg.Name == "flags":
			for _, flag := range strings.Split(arg.Value, ",") {
				out[i].Items = append(out[i].Items, strings.TrimSpace(flag))
			}
		case fixed && arg.Name == "typeArg":
			out[i].Pointee = strings.TrimPrefix(arg.Value, "*")
		}
	}
	return out
}

// codetagsInt reads a number codetags typed as an integer: it has checked
// it with strconv.ParseInt(text, 0, 64), so this cannot fail.
func codetagsInt(text string) int64 {
	n, _ := strconv.ParseInt(text, 0, 64)
	return n
}

// xValidationReasons are the reasons kube-apiserver accepts.
var xValidationReasons = []string{"FieldValueDuplicate", "FieldValueForbidden", "FieldValueInvalid", "FieldValueRequired"}

// parseFieldNames reads a;b or {a,b} (a lone name is a list of one).
func parseFieldNames(text string) (FieldNames, error) {
	value, err := ParseValue(text)
	list, isList := value.([]any)
	if name, isName := value.(string); isName && name != "" {
		list, isList = []any{name}, true
	}
	if err != nil || !isList || len(list) == 0 {
		return nil, fmt.Errorf("want field names, as a;b or {a,b}, got %q", text)
	}
	names := make(FieldNames, len(list))
	for i, item := range list {
		names[i] = fmt.Sprint(item)
	}
	return names, nil
}

// parseItemValidation reads the marker items:<Keyword>=<value> applies
// as +kubebuilder:validation:<Keyword>=<value>, checked and typed as such.
func parseItemValidation(m Marker) (ItemValidation, error) {
	const prefix = "kubebuilder:validation:"
	inner := scan(prefix + m.Args)
	inner.Pos = m.Pos
	resolve(&inner)
	keyword := strings.TrimPrefix(inner.Name, prefix)
	if inner.Def == nil || inner.Def.Name == m.Def.Name || !strings.HasPrefix(inner.Name, prefix) || inner.Def.Targets&OnField == 0 {
		return ItemValidation{}, fmt.Errorf("unknown validation %q", keyword)
	}
	if err := checkValue(inner, OnField); err != nil {
		return ItemValidation{}, fmt.Errorf("%s: %v", keyword, err)
	}
	typed, err := parseTyped(inner)
	if err != nil {
		return ItemValidation{}, fmt.Errorf("%s: %v", keyword, err)
	}
	inner.Typed = typed
	return ItemValidation{Marker: inner}, nil
}

// Unquote reads a Go-quoted marker value ("…" or `…`), as controller-tools
// does; other values are taken as they are.
func Unquote(value string) string {
	value = strings.TrimSpace(value)
	if len(value) >= 2 && (value[0] == '"' || value[0] == '`') && value[len(value)-1] == value[0] {
		if unquoted, err := strconv.Unquote(value); err == nil {
			return unquoted
		}
	}
	return value
}

// parseClientMethod splits <Name>,key=value,… as client-gen does; it
// refuses nothing (the client generator words what it refuses).
func parseClientMethod(text string) ClientMethod {
	items := strings.Split(text, ",")
	out := ClientMethod{Name: strings.TrimSpace(items[0])}
	for _, item := range items[1:] {
		key, value, ok := strings.Cut(item, "=")
		value = strings.TrimSpace(value)
		out.Args = append(out.Args, MethodArg{Key: strings.TrimSpace(key), Value: value, Text: item, HasValue: ok, Type: parseTypeName(value)})
	}
	return out
}

// vendorExtensionPrefix starts the value of a +k8s:openapi-gen extension.
const vendorExtensionPrefix = "x-kubernetes-"

func parseOpenAPIGen(text string) OpenAPIGen {
	out := OpenAPIGen{Text: text}
	if strings.HasPrefix(text, vendorExtensionPrefix) {
		name, value, ok := strings.Cut(text, ":")
		out.Extension = &VendorExtension{Name: name, Value: value, HasValue: ok}
	}
	return out
}

func parsePatchStrategies(text string) PatchStrategies {
	return strings.Split(text, ",")
}

// parseDeepcopyGen reads a value checkDeepcopyGen has accepted.
func parseDeepcopyGen(text string) DeepcopyGen {
	mode, option, _ := strings.Cut(text, ",")
	return DeepcopyGen{Mode: strings.TrimSpace(mode), Register: strings.TrimSpace(option) == "register"}
}

// isFixedResultTag: validation-gen's test tags that take FixedResultArgs.
func isFixedResultTag(name string) bool {
	for _, def := range []Definition[ValidationTag]{K8sValidateTrue, K8sValidateFalse, K8sValidateTrueAlpha, K8sValidateTrueBeta} {
		if def.Names(name) {
			return true
		}
	}
	return false
}

func parseTypeName(text string) TypeName {
	if dot := strings.LastIndexByte(text, '.'); dot >= 0 {
		return TypeName{Path: text[:dot], Name: text[dot+1:], HasPath: true}
	}
	return TypeName{Name: text}
}

// parseValidationGen reads +k8s:validation-gen's value; the validation
// generator refuses what selects nothing.
func parseValidationGen(text string) ValidationGen {
	out := ValidationGen{Text: strings.TrimSpace(text)}
	switch selector, name, ok := strings.Cut(out.Text, "="); {
	case out.Text == "*":
		out.All = true
	case out.Text == "TypeMeta":
		out.WithField = "TypeMeta"
	case ok && selector == "TypesWithField":
		out.Selector, out.WithField = selector, name
	case ok && selector == "TypesWithSuffix":
		out.Selector, out.WithSuffix = selector, name
	}
	return out
}
