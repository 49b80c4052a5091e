package markers

// kubebuilder is the dialect of controller-tools (+kubebuilder:…).
const kubebuilder = "kubebuilder"

var (
	KBObjectRoot = Define[bool](&Def{Name: "kubebuilder:object:root", Targets: OnType, Kind: Bool, ColonEquals: true, Dialect: kubebuilder,
		Doc: "The type is a root object: it gets DeepCopyObject."})
	KBObjectGenerate = Define[bool](&Def{Name: "kubebuilder:object:generate", Targets: OnPackage | OnType, Kind: Bool, ColonEquals: true, Dialect: kubebuilder,
		Doc: "Opts the package or type in or out of deepcopy generation."})
	KBSubresourceStatus = Define[Mark](&Def{Name: "kubebuilder:subresource:status", Targets: OnType, Kind: Flag, ColonEquals: true, Dialect: kubebuilder,
		Doc: "The CRD has the /status subresource."})
	KBSubresourceScale = Define[SubresourceScale](&Def{Name: "kubebuilder:subresource:scale", Targets: OnType, Kind: Raw, Args: true, Dialect: kubebuilder,
		Doc: "The CRD has the /scale subresource: specpath=…,statuspath=…,selectorpath=…."})
	KBResource = Define[Resource](&Def{Name: "kubebuilder:resource", Targets: OnType, Kind: Raw, Args: true, Dialect: kubebuilder,
		Doc: "CRD names and scope: path=…,scope=Namespaced|Cluster,shortName=…,categories=…,singular=…."})
	KBPrintColumn = Define[PrintColumn](&Def{Name: "kubebuilder:printcolumn", Targets: OnType, Kind: Raw, Args: true, Dialect: kubebuilder,
		Doc: "An additional printer column: name=…,type=…,JSONPath=…."})
	KBStorageVersion = Define[Mark](&Def{Name: "kubebuilder:storageversion", Targets: OnType, Kind: Flag, ColonEquals: true, Dialect: kubebuilder,
		Doc: "This version is the storage version."})
	KBUnservedVersion = Define[Mark](&Def{Name: "kubebuilder:unservedversion", Targets: OnType, Kind: Flag, ColonEquals: true, Dialect: kubebuilder,
		Doc: "This version is not served."})
	KBDeprecatedVersion = Define[DeprecatedVersion](&Def{Name: "kubebuilder:deprecatedversion", Targets: OnType, Kind: Raw, Args: true, Dialect: kubebuilder,
		Doc: "This version is deprecated: warning=…."})
	KBSkipVersion = Define[Mark](&Def{Name: "kubebuilder:skipversion", Targets: OnType, Kind: Flag, ColonEquals: true, Dialect: kubebuilder,
		Doc: "Leave this version out of the CRD."})
	KBSkip = Define[Mark](&Def{Name: "kubebuilder:skip", Targets: OnPackage, Kind: Flag, ColonEquals: true, Dialect: kubebuilder,
		Doc: "Generate no CRD for the package."})
	KBSelectableField = Define[SelectableField](&Def{Name: "kubebuilder:selectablefield", Targets: OnType, Kind: Raw, Args: true, Dialect: kubebuilder,
		Doc: "A selectable field: JSONPath=…."})
	KBMetadata = Define[Metadata](&Def{Name: "kubebuilder:metadata", Targets: OnType, Kind: Raw, Args: true, Dialect: kubebuilder,
		Doc: "CRD labels and annotations."})
	KBTitle = Define[string](&Def{Name: "kubebuilder:title", Targets: OnType | OnField, Kind: Raw, ColonEquals: true, Dialect: kubebuilder, Unquote: true,
		Doc: "The schema title."})
	KBExternalDocs = Define[ExternalDocs](&Def{Name: "kubebuilder:externalDocs", Targets: OnType | OnField, Kind: Raw, Args: true, Dialect: kubebuilder,
		Doc: "External documentation of the schema: url=…,description=…."})
	KBDefault = Define[Literal](&Def{Name: "kubebuilder:default", Targets: OnType | OnField, Kind: Raw, ColonEquals: true, Dialect: kubebuilder,
		Doc: "The default value."})
	KBExample = Define[Literal](&Def{Name: "kubebuilder:example", Targets: OnType | OnField, Kind: Raw, ColonEquals: true, Dialect: kubebuilder,
		Doc: "An example value."})
	KBPruningPreserveUnknownFields = Define[Mark](&Def{Name: "kubebuilder:pruning:PreserveUnknownFields", Targets: OnType | OnField, Kind: Flag, ColonEquals: true, Dialect: kubebuilder,
		Doc: "x-kubernetes-preserve-unknown-fields: true."})
	KBValidationOptional = Define[Mark](&Def{Name: "kubebuilder:validation:Optional", Targets: OnPackage | OnType | OnField, Kind: Flag, ColonEquals: true, Dialect: kubebuilder,
		Doc: "Fields are optional by default (package) or this one is."})
	KBValidationRequired = Define[Mark](&Def{Name: "kubebuilder:validation:Required", Targets: OnPackage | OnType | OnField, Kind: Flag, ColonEquals: true, Dialect: kubebuilder,
		Doc: "Fields are required by default (package) or this one is."})
	KBValidationMinimum = Define[float64](&Def{Name: "kubebuilder:validation:Minimum", Targets: OnType | OnField, Kind: Number, ColonEquals: true, Dialect: kubebuilder,
		Doc: "Minimum numeric value."})
	KBValidationMaximum = Define[float64](&Def{Name: "kubebuilder:validation:Maximum", Targets: OnType | OnField, Kind: Number, ColonEquals: true, Dialect: kubebuilder,
		Doc: "Maximum numeric value."})
	KBValidationExclusiveMinimum = Define[bool](&Def{Name: "kubebuilder:validation:ExclusiveMinimum", Targets: OnType | OnField, Kind: Bool, ColonEquals: true, Dialect: kubebuilder,
		Doc: "The minimum is exclusive."})
	KBValidationExclusiveMaximum = Define[bool](&Def{Name: "kubebuilder:validation:ExclusiveMaximum", Targets: OnType | OnField, Kind: Bool, ColonEquals: true, Dialect: kubebuilder,
		Doc: "The maximum is exclusive."})
	KBValidationMultipleOf = Define[float64](&Def{Name: "kubebuilder:validation:MultipleOf", Targets: OnType | OnField, Kind: Number, ColonEquals: true, Dialect: kubebuilder,
		Doc: "The number must be a multiple of this."})
	KBValidationMinLength = Define[int64](&Def{Name: "kubebuilder:validation:MinLength", Targets: OnType | OnField, Kind: Int, ColonEquals: true, Dialect: kubebuilder, Count: true,
		Doc: "Minimum string length (of a []byte: of its base64 string)."})
	KBValidationMaxLength = Define[int64](&Def{Name: "kubebuilder:validation:MaxLength", Targets: OnType | OnField, Kind: Int, ColonEquals: true, Dialect: kubebuilder, Count: true,
		Doc: "Maximum string length (of a []byte: of its base64 string)."})
	KBValidationPattern = Define[string](&Def{Name: "kubebuilder:validation:Pattern", Targets: OnType | OnField, Kind: String, ColonEquals: true, Dialect: kubebuilder, Unquote: true,
		Doc: "A regular expression the string must match."})
	KBValidationFormat = Define[string](&Def{Name: "kubebuilder:validation:Format", Targets: OnType | OnField, Kind: String, ColonEquals: true, Dialect: kubebuilder, Unquote: true,
		Doc: "The OpenAPI format, e.g. date-time, uri, email."})
	KBValidationEnum = Define[EnumValues](&Def{Name: "kubebuilder:validation:Enum", Targets: OnType | OnField, Kind: String, ColonEquals: true, Dialect: kubebuilder,
		Doc: "The allowed values, separated by ';' (strings and numbers in Go validation; other kinds: CRD schema only)."})
	KBValidationMinItems = Define[int64](&Def{Name: "kubebuilder:validation:MinItems", Targets: OnType | OnField, Kind: Int, ColonEquals: true, Dialect: kubebuilder, Count: true,
		Doc: "Minimum list length (of a *[]T: the list it points to)."})
	KBValidationMaxItems = Define[int64](&Def{Name: "kubebuilder:validation:MaxItems", Targets: OnType | OnField, Kind: Int, ColonEquals: true, Dialect: kubebuilder, Count: true,
		Doc: "Maximum list length (of a *[]T: the list it points to)."})
	KBValidationUniqueItems = Define[bool](&Def{Name: "kubebuilder:validation:UniqueItems", Targets: OnType | OnField, Kind: Bool, ColonEquals: true, Dialect: kubebuilder,
		Doc: "List items must be unique."})
	KBValidationMinProperties = Define[int64](&Def{Name: "kubebuilder:validation:MinProperties", Targets: OnType | OnField, Kind: Int, ColonEquals: true, Dialect: kubebuilder, Count: true,
		Doc: "Minimum map size (on a struct: enforced by the CRD schema only)."})
	KBValidationMaxProperties = Define[int64](&Def{Name: "kubebuilder:validation:MaxProperties", Targets: OnType | OnField, Kind: Int, ColonEquals: true, Dialect: kubebuilder, Count: true,
		Doc: "Maximum map size (on a struct: enforced by the CRD schema only)."})
	KBValidationType = Define[string](&Def{Name: "kubebuilder:validation:Type", Targets: OnType | OnField, Kind: String, ColonEquals: true, Dialect: kubebuilder, Unquote: true,
		Doc: "Overrides the schema type."})
	KBValidationSchemaless = Define[Mark](&Def{Name: "kubebuilder:validation:Schemaless", Targets: OnType | OnField, Kind: Flag, ColonEquals: true, Dialect: kubebuilder,
		Doc: "Emit no schema for the field."})
	KBValidationEmbeddedResource = Define[Mark](&Def{Name: "kubebuilder:validation:EmbeddedResource", Targets: OnType | OnField, Kind: Flag, ColonEquals: true, Dialect: kubebuilder,
		Doc: "x-kubernetes-embedded-resource: true."})
	KBValidationXIntOrString = Define[Mark](&Def{Name: "kubebuilder:validation:XIntOrString", Targets: OnType | OnField, Kind: Flag, ColonEquals: true, Dialect: kubebuilder,
		Doc: "x-kubernetes-int-or-string: true."})
	KBValidationXEmbeddedResource = Define[Mark](&Def{Name: "kubebuilder:validation:XEmbeddedResource", Targets: OnType | OnField, Kind: Flag, ColonEquals: true, Dialect: kubebuilder,
		Doc: "x-kubernetes-embedded-resource: true."})
	KBValidationXPreserveUnknownFields = Define[Mark](&Def{Name: "kubebuilder:validation:XPreserveUnknownFields", Targets: OnType | OnField, Kind: Flag, ColonEquals: true, Dialect: kubebuilder,
		Doc: "x-kubernetes-preserve-unknown-fields: true."})
	KBValidationXValidation = Define[XValidation](&Def{Name: "kubebuilder:validation:XValidation", Targets: OnType | OnField, Kind: Raw, Args: true, Dialect: kubebuilder,
		Doc: "A CEL rule: rule=…,message=…,reason=…,fieldPath=…. Enforced by kube-apiserver through the CRD schema, and by the generated Validate_ of a root type (through schema/cel, apiextensions' own CEL validator)."})
	KBValidationNullable = Define[Mark](&Def{Name: "kubebuilder:validation:Nullable", Targets: OnType | OnField, Kind: Flag, ColonEquals: true, Dialect: kubebuilder,
		Doc: "The field may be null."})
	KBValidationItems = Define[ItemValidation](&Def{Name: "kubebuilder:validation:items", Targets: OnType | OnField, Kind: Raw, Args: true, ColonEquals: true, Dialect: kubebuilder,
		Doc: "Applies a validation to list items: +kubebuilder:validation:items:MaxLength=5."})
	KBValidationExactlyOneOf = Define[FieldNames](&Def{Name: "kubebuilder:validation:ExactlyOneOf", Targets: OnType, Kind: Raw, ColonEquals: true, Dialect: kubebuilder,
		Doc: "Exactly one of the named fields (a;b or {a,b}) is set: a CEL rule, as controller-gen writes it."})
	KBValidationAtMostOneOf = Define[FieldNames](&Def{Name: "kubebuilder:validation:AtMostOneOf", Targets: OnType, Kind: Raw, ColonEquals: true, Dialect: kubebuilder,
		Doc: "At most one of the named fields (a;b or {a,b}) is set: a CEL rule, as controller-gen writes it."})
	KBValidationAtLeastOneOf = Define[FieldNames](&Def{Name: "kubebuilder:validation:AtLeastOneOf", Targets: OnType, Kind: Raw, ColonEquals: true, Dialect: kubebuilder,
		Doc: "At least one of the named fields (a;b or {a,b}) is set: a CEL rule, as controller-gen writes it."})
	VersionName = Define[string](&Def{Name: "versionName", Targets: OnPackage, Kind: String, ColonEquals: true, Dialect: kubebuilder, Unquote: true,
		Doc: "The API version of the package's types in CRDs, when it is not the package name."})
	KBACGenerate = Define[bool](&Def{Name: "kubebuilder:ac:generate", Targets: OnPackage | OnType, Kind: Bool, ColonEquals: true, Dialect: kubebuilder,
		Doc: "On a package, true writes apply configurations as controller-gen's applyconfiguration does, for its +kubebuilder:resource types and what they reach; on a type, true or false opts it in or out."})
	KBACOutputPackage = Define[string](&Def{Name: "kubebuilder:ac:output:package", Targets: OnPackage, Kind: String, ColonEquals: true, Dialect: kubebuilder, Unquote: true,
		Doc: "Where +kubebuilder:ac:generate writes the apply configurations, relative to the package directory (default applyconfiguration)."})
)
