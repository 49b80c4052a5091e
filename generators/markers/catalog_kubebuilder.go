package markers

// kubebuilder is the dialect of controller-tools (+kubebuilder:…).
const kubebuilder = "kubebuilder"

func init() {
	const dialect = kubebuilder
	schema := OnType | OnField
	type marker struct {
		name    string
		targets Target
		kind    ValueKind
		args    bool
		reader  string
		doc     string
	}
	for _, m := range []marker{
		{"kubebuilder:object:root", OnType, Bool, false, "deepcopy", "The type is a root object: it gets DeepCopyObject."},
		{"kubebuilder:object:generate", OnPackage | OnType, Bool, false, "deepcopy", "Opts the package or type in or out of deepcopy generation."},
		{"kubebuilder:subresource:status", OnType, Flag, false, "crd", "The CRD has the /status subresource."},
		{"kubebuilder:subresource:scale", OnType, Raw, true, "crd", "The CRD has the /scale subresource: specpath=…,statuspath=…,selectorpath=…."},
		{"kubebuilder:resource", OnType, Raw, true, "crd", "CRD names and scope: path=…,scope=Namespaced|Cluster,shortName=…,categories=…,singular=…."},
		{"kubebuilder:printcolumn", OnType, Raw, true, "crd", "An additional printer column: name=…,type=…,JSONPath=…."},
		{"kubebuilder:storageversion", OnType, Flag, false, "crd", "This version is the storage version."},
		{"kubebuilder:unservedversion", OnType, Flag, false, "crd", "This version is not served."},
		{"kubebuilder:deprecatedversion", OnType, Raw, true, "crd", "This version is deprecated: warning=…."},
		{"kubebuilder:skipversion", OnType, Flag, false, "crd", "Leave this version out of the CRD."},
		{"kubebuilder:skip", OnPackage, Flag, false, "crd", "Generate no CRD for the package."},
		{"kubebuilder:selectablefield", OnType, Raw, true, "crd", "A selectable field: JSONPath=…."},
		{"kubebuilder:metadata", OnType, Raw, true, "crd", "CRD labels and annotations."},
		{"kubebuilder:title", schema, Raw, false, "openapi", "The schema title."},
		{"kubebuilder:externalDocs", schema, Raw, true, "openapi", "External documentation of the schema: url=…,description=…."},
		{"kubebuilder:default", schema, Raw, false, "openapi", "The default value."},
		{"kubebuilder:example", schema, Raw, false, "openapi", "An example value."},
		{"kubebuilder:pruning:PreserveUnknownFields", schema, Flag, false, "openapi", "x-kubernetes-preserve-unknown-fields: true."},
		{"kubebuilder:validation:Optional", OnPackage | schema, Flag, false, "validation", "Fields are optional by default (package) or this one is."},
		{"kubebuilder:validation:Required", OnPackage | schema, Flag, false, "validation", "Fields are required by default (package) or this one is."},
		{"kubebuilder:validation:Minimum", schema, Number, false, "validation", "Minimum numeric value."},
		{"kubebuilder:validation:Maximum", schema, Number, false, "validation", "Maximum numeric value."},
		{"kubebuilder:validation:ExclusiveMinimum", schema, Bool, false, "validation", "The minimum is exclusive."},
		{"kubebuilder:validation:ExclusiveMaximum", schema, Bool, false, "validation", "The maximum is exclusive."},
		{"kubebuilder:validation:MultipleOf", schema, Number, false, "validation", "The number must be a multiple of this."},
		{"kubebuilder:validation:MinLength", schema, Int, false, "validation", "Minimum string length (of a []byte: of its base64 string)."},
		{"kubebuilder:validation:MaxLength", schema, Int, false, "validation", "Maximum string length (of a []byte: of its base64 string)."},
		{"kubebuilder:validation:Pattern", schema, String, false, "validation", "A regular expression the string must match."},
		{"kubebuilder:validation:Format", schema, String, false, "validation", "The OpenAPI format, e.g. date-time, uri, email."},
		{"kubebuilder:validation:Enum", schema, String, false, "validation", "The allowed values, separated by ';' (strings and numbers in Go validation; other kinds: CRD schema only)."},
		{"kubebuilder:validation:MinItems", schema, Int, false, "validation", "Minimum list length (of a *[]T: the list it points to)."},
		{"kubebuilder:validation:MaxItems", schema, Int, false, "validation", "Maximum list length (of a *[]T: the list it points to)."},
		{"kubebuilder:validation:UniqueItems", schema, Bool, false, "validation", "List items must be unique."},
		{"kubebuilder:validation:MinProperties", schema, Int, false, "validation", "Minimum map size (on a struct: enforced by the CRD schema only)."},
		{"kubebuilder:validation:MaxProperties", schema, Int, false, "validation", "Maximum map size (on a struct: enforced by the CRD schema only)."},
		{"kubebuilder:validation:Type", schema, String, false, "openapi", "Overrides the schema type."},
		{"kubebuilder:validation:Schemaless", schema, Flag, false, "openapi", "Emit no schema for the field."},
		{"kubebuilder:validation:EmbeddedResource", schema, Flag, false, "openapi", "x-kubernetes-embedded-resource: true."},
		{"kubebuilder:validation:XIntOrString", schema, Flag, false, "openapi", "x-kubernetes-int-or-string: true."},
		{"kubebuilder:validation:XEmbeddedResource", schema, Flag, false, "openapi", "x-kubernetes-embedded-resource: true."},
		{"kubebuilder:validation:XPreserveUnknownFields", schema, Flag, false, "openapi", "x-kubernetes-preserve-unknown-fields: true."},
		{"kubebuilder:validation:XValidation", schema, Raw, true, "validation", "A CEL rule: rule=…,message=…,reason=…,fieldPath=…. Enforced by kube-apiserver through the CRD schema, and by the generated Validate_ of a root type (through schema/cel, apiextensions' own CEL validator)."},
		{"kubebuilder:validation:Nullable", schema, Flag, false, "openapi", "The field may be null."},
		{"kubebuilder:validation:items", schema, Raw, true, "validation", "Applies a validation to list items: +kubebuilder:validation:items:MaxLength=5."},
		{"kubebuilder:validation:ExactlyOneOf", OnType, Raw, false, "openapi", "Exactly one of the named fields (a;b or {a,b}) is set: a CEL rule, as controller-gen writes it."},
		{"kubebuilder:validation:AtMostOneOf", OnType, Raw, false, "openapi", "At most one of the named fields (a;b or {a,b}) is set: a CEL rule, as controller-gen writes it."},
		{"kubebuilder:validation:AtLeastOneOf", OnType, Raw, false, "openapi", "At least one of the named fields (a;b or {a,b}) is set: a CEL rule, as controller-gen writes it."},
		{"versionName", OnPackage, String, false, "crd", "The API version of the package's types in CRDs, when it is not the package name."},
		{"kubebuilder:ac:generate", OnPackage | OnType, Bool, false, "client", "On a package, true writes apply configurations as controller-gen's applyconfiguration does, for its +kubebuilder:resource types and what they reach; on a type, true or false opts it in or out."},
		{"kubebuilder:ac:output:package", OnPackage, String, false, "client", "Where +kubebuilder:ac:generate writes the apply configurations, relative to the package directory (default applyconfiguration)."},
	} {
		// controller-tools reads "+name:=value" as "+name=value" for the
		// markers that take one value, each items:<Keyword> one included.
		colonEquals := !m.args || m.name == "kubebuilder:validation:items"
		register(&Def{Name: m.name, Targets: m.targets, Kind: m.kind, Args: m.args, ColonEquals: colonEquals,
			Dialect: dialect, Reader: m.reader, Doc: m.doc})
	}
}
