package markers

// The validation-gen dialect (+k8s:…), read with its documented meaning by
// the validation generator. Values are checked there, with codetags' grammar;
// here they are only named and placed.
func init() {
	const dialect, reader = "validation-gen", "validation"
	all := OnType | OnField
	type tag struct {
		name    string
		targets Target
		kind    ValueKind
		doc     string
	}
	for _, t := range []tag{
		{"k8s:validation-gen", OnPackage | OnType, String, "On a package: which types are root types (*, TypeMeta, TypesWithField=…, TypesWithSuffix=…; repeatable; false turns the package off). On a type: true or false."},
		{"k8s:validation-gen-input", OnPackage, String, "The package whose types are validated, when it differs; metagen only generates next to the types."},
		{"k8s:validation-gen-scheme-registry", OnPackage, String, "The scheme type RegisterValidations takes (k8s.io/apimachinery/pkg/runtime.Scheme by default), or nil for no registration."},
		{"k8s:validation-gen-nolint", OnPackage | OnType, Flag, "Suppress validation-gen's lint checks."},
		{"k8s:validation-gen-test-fixture", OnPackage, Raw, "validation-gen test fixtures."},
		{"k8s:supportsSubresource", OnType, String, "A subresource, e.g. /status, whose requests the type's registered validation also serves; repeatable."},
		{"k8s:isSubresource", OnType, String, "The type is the named subresource (e.g. /scale): its registered validation serves only that path."},
		{"k8s:alpha", all, Raw, "Wraps a validation that is alpha: +k8s:alpha(since: \"1.35\")=+k8s:…."},
		{"k8s:beta", all, Raw, "Wraps a validation that is beta."},
		{"k8s:optional", all, Flag, "The field may be unset."},
		{"k8s:required", all, Flag, "The field must be set."},
		{"k8s:forbidden", all, Flag, "The field must not be set."},
		{"k8s:immutable", all, Flag, "The field may not change once set."},
		{"k8s:update", all, Raw, "Restricts updates: NoSet, NoUnset, NoModify, NoAddItem, NoRemoveItem; repeatable."},
		{"k8s:monotonic", all, Flag, "The value may only grow."},
		{"k8s:minimum", all, Int, "Minimum numeric value."},
		{"k8s:maximum", all, Int, "Maximum numeric value."},
		{"k8s:minLength", all, Int, "Minimum string length in characters."},
		{"k8s:maxLength", all, Int, "Maximum string length in characters."},
		{"k8s:maxBytes", all, Int, "Maximum string length in bytes."},
		{"k8s:minItems", all, Int, "Minimum list length."},
		{"k8s:maxItems", all, Int, "Maximum list length."},
		{"k8s:minProperties", all, Int, "Minimum map size."},
		{"k8s:maxProperties", all, Int, "Maximum map size."},
		{"k8s:format", all, String, "A named string format, e.g. k8s-short-name, k8s-long-name, k8s-ip."},
		{"k8s:enum", OnType, Flag, "The string type is an enum of its constants."},
		{"k8s:enumExclude", OnConst, Flag, "On a constant of a +k8s:enum type: the value is not part of the enum. +k8s:ifEnabled(Option)=+k8s:enumExclude or +k8s:ifDisabled(Option)=+k8s:enumExclude excludes it only when the option is enabled or disabled (validate.EnumExclusion)."},
		{"k8s:neq", all, String, "The value must not equal the given one."},
		{"k8s:listType", all, Enum, "atomic, set or map."},
		{"k8s:listMapKey", all, String, "A key field of a map-type list."},
		{"k8s:unique", all, Raw, "List items must be unique."},
		{"k8s:customUnique", all, Flag, "Uniqueness is checked by hand-written code."},
		{"k8s:eachKey", all, Raw, "Applies a validation to every map key."},
		{"k8s:eachVal", all, Raw, "Applies a validation to every list item or map value."},
		{"k8s:item", all, Raw, "Applies a validation to the list-map item with the given keys: +k8s:item(name: \"x\")=+k8s:…."},
		{"k8s:subfield", all, Raw, "Applies a validation to a field (by JSON name) of a struct value: +k8s:subfield(name)=+k8s:…."},
		{"k8s:ifEnabled", all | OnConst, Raw, "Applies a validation when the option (feature gate) is enabled: +k8s:ifEnabled(MyFeature)=+k8s:…; on a constant, only +k8s:enumExclude."},
		{"k8s:ifDisabled", all | OnConst, Raw, "Applies a validation when the option (feature gate) is disabled; on a constant, only +k8s:enumExclude."},
		{"k8s:ifMode", OnField, Raw, "Applies a validation to the field only when the struct's +k8s:modeDiscriminator has the given value: +k8s:ifMode(\"A\")=+k8s:required, or +k8s:ifMode(modality: \"M\", mode: \"A\")=…; in modes no ifMode names, the field is forbidden (validate.Discriminated)."},
		{"k8s:modeDiscriminator", OnField, Flag, "The string or bool field whose value selects the mode of the +k8s:ifMode fields of its struct; +k8s:modeDiscriminator(modality: \"M\") names one of several."},
		{"k8s:opaqueType", all, Flag, "Do not descend into the field's type."},
		{"k8s:unionMember", all, Raw, "A member of a one-of union: a field, or a list-map item through +k8s:item(key: \"value\")=+k8s:unionMember; (union: \"name\") names one of several, (memberName: \"X\") is its discriminator value."},
		{"k8s:unionDiscriminator", all, Raw, "The string field naming the set member of a union of fields."},
		{"k8s:zeroOrOneOfMember", all, Raw, "A member of a zero-or-one-of union: a field, or a list-map item through +k8s:item(key: \"value\")=+k8s:zeroOrOneOfMember."},
		{"k8s:dependentRequired", all, Raw, "The sibling field (by JSON name) is required when this one is set: +k8s:dependentRequired(other)."},
		{"k8s:dependentForbidden", all, Raw, "The sibling field (by JSON name) is forbidden when this one is set: +k8s:dependentForbidden(other)."},
		{"k8s:customValidation", all, Raw, "Calls hand-written ValidateCustom_<Type> (on a type) or ValidateCustom_<Type>_<Field> (on a field) in the same package."},
		{"k8s:deprecated", all, Raw, "The field is deprecated."},
		{"k8s:validateFalse", all, Raw, "Test-only: always fails (validate.FixedResult), with the string value in the message; (flags: \"ShortCircuit,NonError\", typeArg: \"pkg.Type\", cohort: \"name\")."},
		{"k8s:validateTrue", all, Raw, "Test-only: always passes; takes validateFalse's arguments."},
		{"k8s:validateTrueAlpha", all, Raw, "Test-only: always passes, as an alpha tag."},
		{"k8s:validateTrueBeta", all, Raw, "Test-only: always passes, as a beta tag."},
		{"k8s:validateError", all, Raw, "Test-only: fails generation with its value in the error."},
		{"k8s:unknownTag", all, Raw, "Test-only."},
	} {
		def := &Def{Name: t.name, Targets: t.targets, Kind: t.kind, Dialect: dialect, Reader: reader, Doc: t.doc}
		if t.name == "k8s:listType" {
			def.Values = []string{"atomic", "set", "map"}
		}
		register(def)
	}
}
