package markers

// kube-openapi and the shared API conventions markers (+optional, +listType …).
// Those controller-tools also reads take its "+name:=value" (ColonEquals),
// which gengo's parsers read as another tag, "name:".
var (
	K8sOpenAPIGen = Define[OpenAPIGen](&Def{Name: "k8s:openapi-gen", Targets: OnPackage | OnType | OnField, Kind: Raw, Dialect: kubeOpenAPI,
		Doc: "true/false to include or exclude, or an x-kubernetes-… extension."})
	K8sOpenAPIModelPackage = Define[string](&Def{Name: "k8s:openapi-model-package", Targets: OnPackage | OnType, Kind: String, Dialect: kubeOpenAPI,
		Doc: "The model package of the definitions' names (io.k8s.api.core.v1): types get OpenAPIModelName methods returning <package>.<Type>."})
	Optional = Define[Mark](&Def{Name: "optional", Targets: OnField, Kind: Flag, ColonEquals: true, Dialect: kubeOpenAPI,
		Doc: "The field is optional."})
	Required = Define[Mark](&Def{Name: "required", Targets: OnField, Kind: Flag, ColonEquals: true, Dialect: kubeOpenAPI,
		Doc: "The field is required."})
	Nullable = Define[string](&Def{Name: "nullable", Targets: OnField, Kind: Raw, ColonEquals: true, Dialect: kubeOpenAPI,
		Doc: "The field may be null."})
	Default = Define[string](&Def{Name: "default", Targets: OnType | OnField, Kind: Raw, ColonEquals: true, Dialect: kubeOpenAPI,
		Doc: "The default value, as JSON or a Go constant reference (ref(…))."})
	ListType = Define[string](&Def{Name: "listType", Targets: OnType | OnField, Kind: Enum, Values: []string{"atomic", "set", "map"}, ColonEquals: true, Dialect: kubeOpenAPI,
		Doc: "x-kubernetes-list-type: atomic, set or map."})
	ListMapKey = Define[string](&Def{Name: "listMapKey", Targets: OnType | OnField, Kind: String, ColonEquals: true, Dialect: kubeOpenAPI, Unquote: true,
		Doc: "x-kubernetes-list-map-keys entry; repeatable."})
	MapType = Define[string](&Def{Name: "mapType", Targets: OnType | OnField, Kind: Enum, Values: []string{"atomic", "granular"}, ColonEquals: true, Dialect: kubeOpenAPI,
		Doc: "x-kubernetes-map-type: atomic or granular."})
	StructType = Define[string](&Def{Name: "structType", Targets: OnType | OnField, Kind: Enum, Values: []string{"atomic", "granular"}, ColonEquals: true, Dialect: kubeOpenAPI,
		Doc: "x-kubernetes-map-type of a struct: atomic or granular."})
	PatchStrategy = Define[PatchStrategies](&Def{Name: "patchStrategy", Targets: OnField, Kind: String, Dialect: kubeOpenAPI,
		Doc: "x-kubernetes-patch-strategy."})
	PatchMergeKey = Define[string](&Def{Name: "patchMergeKey", Targets: OnField, Kind: String, Dialect: kubeOpenAPI,
		Doc: "x-kubernetes-patch-merge-key."})
	EnumMarker = Define[Mark](&Def{Name: "enum", Targets: OnType, Kind: Flag, Dialect: kubeOpenAPI,
		Doc: "The string type is an enum of its constants."})
	Union = Define[string](&Def{Name: "union", Targets: OnType | OnField, Kind: Raw, Dialect: kubeOpenAPI,
		Doc: "The struct is a union."})
	UnionDiscriminator = Define[Mark](&Def{Name: "unionDiscriminator", Targets: OnField, Kind: Flag, Dialect: kubeOpenAPI,
		Doc: "The union's discriminator."})
	UnionDeprecated = Define[Mark](&Def{Name: "unionDeprecated", Targets: OnField, Kind: Flag, Dialect: kubeOpenAPI,
		Doc: "A member of the struct's union of deprecated fields (x-kubernetes-unions)."})
	K8sValidation = Define[string](&Def{Name: "k8s:validation", Targets: OnPackage | OnType | OnField, Kind: Raw, Args: true, Dialect: kubeOpenAPI,
		Doc: "kube-openapi's validation markers, +k8s:validation:<keyword>=<JSON> (maxLength, pattern, cel[0]:rule>…), read with kube-openapi's parser."})
	OneOf = Define[string](&Def{Name: "oneOf", Targets: OnType | OnField, Kind: Raw, Dialect: kubeOpenAPI,
		Doc: "A member of a one-of group."})
	ZeroOrOneOf = Define[string](&Def{Name: "zeroOrOneOf", Targets: OnType | OnField, Kind: Raw, Dialect: kubeOpenAPI,
		Doc: "A member of a zero-or-one-of group."})
	FeatureGate = Define[string](&Def{Name: "featureGate", Targets: OnType | OnField, Kind: String, Dialect: kubeOpenAPI,
		Doc: "The feature gate that guards the field."})
	Deprecated = Define[string](&Def{Name: "deprecated", Targets: OnType | OnField, Kind: Raw, Dialect: kubeOpenAPI,
		Doc: "The field is deprecated."})
)
