package markers

// The validation-gen dialect (+k8s:…), read with its documented meaning by
// the validation generator. Values are checked there, with codetags' grammar;
// here they are only named and placed.
var (
	K8sValidationGen = Define[ValidationGen](&Def{Name: "k8s:validation-gen", Targets: OnPackage | OnType, Kind: String, Dialect: validationGen,
		Doc: "On a package: which types are root types (*, TypeMeta, TypesWithField=…, TypesWithSuffix=…; repeatable; false turns the package off). On a type: true or false."})
	K8sValidationGenInput = Define[string](&Def{Name: "k8s:validation-gen-input", Targets: OnPackage, Kind: String, Dialect: validationGen,
		Doc: "The package whose types are validated, when it differs; metagen only generates next to the types."})
	K8sValidationGenSchemeRegistry = Define[string](&Def{Name: "k8s:validation-gen-scheme-registry", Targets: OnPackage, Kind: String, Dialect: validationGen, Unquote: true,
		Doc: "The scheme type RegisterValidations takes (k8s.io/apimachinery/pkg/runtime.Scheme by default), or nil for no registration."})
	K8sValidationGenNolint = Define[Mark](&Def{Name: "k8s:validation-gen-nolint", Targets: OnPackage | OnType, Kind: Flag, Dialect: validationGen,
		Doc: "Suppress validation-gen's lint checks."})
	K8sValidationGenTestFixture = Define[string](&Def{Name: "k8s:validation-gen-test-fixture", Targets: OnPackage, Kind: Raw, Dialect: validationGen,
		Doc: "validation-gen test fixtures."})
	K8sSupportsSubresource = Define[string](&Def{Name: "k8s:supportsSubresource", Targets: OnType, Kind: String, Dialect: validationGen, Unquote: true,
		Doc: "A subresource, e.g. /status, whose requests the type's registered validation also serves; repeatable."})
	K8sIsSubresource = Define[string](&Def{Name: "k8s:isSubresource", Targets: OnType, Kind: String, Dialect: validationGen, Unquote: true,
		Doc: "The type is the named subresource (e.g. /scale): its registered validation serves only that path."})
	K8sAlpha = Define[ValidationTag](&Def{Name: "k8s:alpha", Targets: OnType | OnField, Kind: Raw, Dialect: validationGen,
		Doc: "Wraps a validation that is alpha: +k8s:alpha(since: \"1.35\")=+k8s:…."})
	K8sBeta = Define[ValidationTag](&Def{Name: "k8s:beta", Targets: OnType | OnField, Kind: Raw, Dialect: validationGen,
		Doc: "Wraps a validation that is beta."})
	K8sOptional = Define[ValidationTag](&Def{Name: "k8s:optional", Targets: OnType | OnField, Kind: Flag, Dialect: validationGen,
		Doc: "The field may be unset."})
	K8sRequired = Define[ValidationTag](&Def{Name: "k8s:required", Targets: OnType | OnField, Kind: Flag, Dialect: validationGen,
		Doc: "The field must be set."})
	K8sForbidden = Define[ValidationTag](&Def{Name: "k8s:forbidden", Targets: OnType | OnField, Kind: Flag, Dialect: validationGen,
		Doc: "The field must not be set."})
	K8sImmutable = Define[ValidationTag](&Def{Name: "k8s:immutable", Targets: OnType | OnField, Kind: Flag, Dialect: validationGen,
		Doc: "The field may not change once set."})
	K8sUpdate = Define[ValidationTag](&Def{Name: "k8s:update", Targets: OnType | OnField, Kind: Raw, Dialect: validationGen,
		Doc: "Restricts updates: NoSet, NoUnset, NoModify, NoAddItem, NoRemoveItem; repeatable."})
	K8sMonotonic = Define[ValidationTag](&Def{Name: "k8s:monotonic", Targets: OnType | OnField, Kind: Flag, Dialect: validationGen,
		Doc: "The value may only grow."})
	K8sMinimum = Define[ValidationTag](&Def{Name: "k8s:minimum", Targets: OnType | OnField, Kind: Int, Dialect: validationGen,
		Doc: "Minimum numeric value."})
	K8sMaximum = Define[ValidationTag](&Def{Name: "k8s:maximum", Targets: OnType | OnField, Kind: Int, Dialect: validationGen,
		Doc: "Maximum numeric value."})
	K8sMinLength = Define[ValidationTag](&Def{Name: "k8s:minLength", Targets: OnType | OnField, Kind: Int, Dialect: validationGen, Count: true,
		Doc: "Minimum string length in characters."})
	K8sMaxLength = Define[ValidationTag](&Def{Name: "k8s:maxLength", Targets: OnType | OnField, Kind: Int, Dialect: validationGen, Count: true,
		Doc: "Maximum string length in characters."})
	K8sMaxBytes = Define[ValidationTag](&Def{Name: "k8s:maxBytes", Targets: OnType | OnField, Kind: Int, Dialect: validationGen, Count: true,
		Doc: "Maximum string length in bytes."})
	K8sMinItems = Define[ValidationTag](&Def{Name: "k8s:minItems", Targets: OnType | OnField, Kind: Int, Dialect: validationGen, Count: true,
		Doc: "Minimum list length."})
	K8sMaxItems = Define[ValidationTag](&Def{Name: "k8s:maxItems", Targets: OnType | OnField, Kind: Int, Dialect: validationGen, Count: true,
		Doc: "Maximum list length."})
	K8sMinProperties = Define[ValidationTag](&Def{Name: "k8s:minProperties", Targets: OnType | OnField, Kind: Int, Dialect: validationGen, Count: true,
		Doc: "Minimum map size."})
	K8sMaxProperties = Define[ValidationTag](&Def{Name: "k8s:maxProperties", Targets: OnType | OnField, Kind: Int, Dialect: validationGen, Count: true,
		Doc: "Maximum map size."})
	K8sFormat = Define[ValidationTag](&Def{Name: "k8s:format", Targets: OnType | OnField, Kind: String, Dialect: validationGen,
		Doc: "A named string format, e.g. k8s-short-name, k8s-long-name, k8s-ip."})
	K8sEnum = Define[Mark](&Def{Name: "k8s:enum", Targets: OnType, Kind: Flag, Dialect: validationGen,
		Doc: "The string type is an enum of its constants."})
	K8sEnumExclude = Define[ValidationTag](&Def{Name: "k8s:enumExclude", Targets: OnConst, Kind: Flag, Dialect: validationGen,
		Doc: "On a constant of a +k8s:enum type: the value is not part of the enum. +k8s:ifEnabled(Option)=+k8s:enumExclude or +k8s:ifDisabled(Option)=+k8s:enumExclude excludes it only when the option is enabled or disabled (validate.EnumExclusion)."})
	K8sNeq = Define[ValidationTag](&Def{Name: "k8s:neq", Targets: OnType | OnField, Kind: String, Dialect: validationGen,
		Doc: "The value must not equal the given one."})
	K8sListType = Define[ValidationTag](&Def{Name: "k8s:listType", Targets: OnType | OnField, Kind: Enum, Values: []string{"atomic", "set", "map"}, Dialect: validationGen,
		Doc: "atomic, set or map."})
	K8sListMapKey = Define[ValidationTag](&Def{Name: "k8s:listMapKey", Targets: OnType | OnField, Kind: String, Dialect: validationGen,
		Doc: "A key field of a map-type list."})
	K8sUnique = Define[ValidationTag](&Def{Name: "k8s:unique", Targets: OnType | OnField, Kind: Raw, Dialect: validationGen,
		Doc: "List items must be unique."})
	K8sCustomUnique = Define[ValidationTag](&Def{Name: "k8s:customUnique", Targets: OnType | OnField, Kind: Flag, Dialect: validationGen,
		Doc: "Uniqueness is checked by hand-written code."})
	K8sEachKey = Define[ValidationTag](&Def{Name: "k8s:eachKey", Targets: OnType | OnField, Kind: Raw, Dialect: validationGen,
		Doc: "Applies a validation to every map key."})
	K8sEachVal = Define[ValidationTag](&Def{Name: "k8s:eachVal", Targets: OnType | OnField, Kind: Raw, Dialect: validationGen,
		Doc: "Applies a validation to every list item or map value."})
	K8sItem = Define[ValidationTag](&Def{Name: "k8s:item", Targets: OnType | OnField, Kind: Raw, Dialect: validationGen,
		Doc: "Applies a validation to the list-map item with the given keys: +k8s:item(name: \"x\")=+k8s:…."})
	K8sSubfield = Define[ValidationTag](&Def{Name: "k8s:subfield", Targets: OnType | OnField, Kind: Raw, Dialect: validationGen,
		Doc: "Applies a validation to a field (by JSON name) of a struct value: +k8s:subfield(name)=+k8s:…."})
	K8sIfEnabled = Define[ValidationTag](&Def{Name: "k8s:ifEnabled", Targets: OnType | OnField | OnConst, Kind: Raw, Dialect: validationGen,
		Doc: "Applies a validation when the option (feature gate) is enabled: +k8s:ifEnabled(MyFeature)=+k8s:…; on a constant, only +k8s:enumExclude."})
	K8sIfDisabled = Define[ValidationTag](&Def{Name: "k8s:ifDisabled", Targets: OnType | OnField | OnConst, Kind: Raw, Dialect: validationGen,
		Doc: "Applies a validation when the option (feature gate) is disabled; on a constant, only +k8s:enumExclude."})
	K8sIfMode = Define[ValidationTag](&Def{Name: "k8s:ifMode", Targets: OnField, Kind: Raw, Dialect: validationGen,
		Doc: "Applies a validation to the field only when the struct's +k8s:modeDiscriminator has the given value: +k8s:ifMode(\"A\")=+k8s:required, or +k8s:ifMode(modality: \"M\", mode: \"A\")=…; in modes no ifMode names, the field is forbidden (validate.Discriminated)."})
	K8sModeDiscriminator = Define[ValidationTag](&Def{Name: "k8s:modeDiscriminator", Targets: OnField, Kind: Flag, Dialect: validationGen,
		Doc: "The string or bool field whose value selects the mode of the +k8s:ifMode fields of its struct; +k8s:modeDiscriminator(modality: \"M\") names one of several."})
	K8sOpaqueType = Define[ValidationTag](&Def{Name: "k8s:opaqueType", Targets: OnType | OnField, Kind: Flag, Dialect: validationGen,
		Doc: "Do not descend into the field's type."})
	K8sUnionMember = Define[ValidationTag](&Def{Name: "k8s:unionMember", Targets: OnType | OnField, Kind: Raw, Dialect: validationGen,
		Doc: "A member of a one-of union: a field, or a list-map item through +k8s:item(key: \"value\")=+k8s:unionMember; (union: \"name\") names one of several, (memberName: \"X\") is its discriminator value."})
	K8sUnionDiscriminator = Define[ValidationTag](&Def{Name: "k8s:unionDiscriminator", Targets: OnType | OnField, Kind: Raw, Dialect: validationGen,
		Doc: "The string field naming the set member of a union of fields."})
	K8sZeroOrOneOfMember = Define[ValidationTag](&Def{Name: "k8s:zeroOrOneOfMember", Targets: OnType | OnField, Kind: Raw, Dialect: validationGen,
		Doc: "A member of a zero-or-one-of union: a field, or a list-map item through +k8s:item(key: \"value\")=+k8s:zeroOrOneOfMember."})
	K8sDependentRequired = Define[ValidationTag](&Def{Name: "k8s:dependentRequired", Targets: OnType | OnField, Kind: Raw, Dialect: validationGen,
		Doc: "The sibling field (by JSON name) is required when this one is set: +k8s:dependentRequired(other)."})
	K8sDependentForbidden = Define[ValidationTag](&Def{Name: "k8s:dependentForbidden", Targets: OnType | OnField, Kind: Raw, Dialect: validationGen,
		Doc: "The sibling field (by JSON name) is forbidden when this one is set: +k8s:dependentForbidden(other)."})
	K8sCustomValidation = Define[ValidationTag](&Def{Name: "k8s:customValidation", Targets: OnType | OnField, Kind: Raw, Dialect: validationGen,
		Doc: "Calls hand-written ValidateCustom_<Type> (on a type) or ValidateCustom_<Type>_<Field> (on a field) in the same package."})
	K8sDeprecated = Define[string](&Def{Name: "k8s:deprecated", Targets: OnType | OnField, Kind: Raw, Dialect: validationGen,
		Doc: "The field is deprecated."})
	K8sValidateFalse = Define[ValidationTag](&Def{Name: "k8s:validateFalse", Targets: OnType | OnField, Kind: Raw, Dialect: validationGen,
		Doc: "Test-only: always fails (validate.FixedResult), with the string value in the message; (flags: \"ShortCircuit,NonError\", typeArg: \"pkg.Type\", cohort: \"name\")."})
	K8sValidateTrue = Define[ValidationTag](&Def{Name: "k8s:validateTrue", Targets: OnType | OnField, Kind: Raw, Dialect: validationGen,
		Doc: "Test-only: always passes; takes validateFalse's arguments."})
	K8sValidateTrueAlpha = Define[ValidationTag](&Def{Name: "k8s:validateTrueAlpha", Targets: OnType | OnField, Kind: Raw, Dialect: validationGen,
		Doc: "Test-only: always passes, as an alpha tag."})
	K8sValidateTrueBeta = Define[ValidationTag](&Def{Name: "k8s:validateTrueBeta", Targets: OnType | OnField, Kind: Raw, Dialect: validationGen,
		Doc: "Test-only: always passes, as a beta tag."})
	K8sValidateError = Define[ValidationTag](&Def{Name: "k8s:validateError", Targets: OnType | OnField, Kind: Raw, Dialect: validationGen,
		Doc: "Test-only: fails generation with its value in the error."})
	K8sUnknownTag = Define[string](&Def{Name: "k8s:unknownTag", Targets: OnType | OnField, Kind: Raw, Dialect: validationGen,
		Doc: "Test-only."})
)
