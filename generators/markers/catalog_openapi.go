package markers

// kube-openapi and the shared API conventions markers (+optional, +listType …).
// Those controller-tools also reads take its "+name:=value" (ColonEquals),
// which gengo's parsers read as another tag, "name:".
func init() {
	const dialect, reader = "kube-openapi", "openapi"
	all := OnType | OnField
	register(
		&Def{Name: "k8s:openapi-gen", Targets: OnPackage | all, Kind: Raw, Dialect: dialect, Reader: reader,
			Doc: "true/false to include or exclude, or an x-kubernetes-… extension."},
		&Def{Name: "k8s:openapi-model-package", Targets: OnPackage | OnType, Kind: String, Dialect: dialect, Reader: reader,
			Doc: "The model package of the definitions' names (io.k8s.api.core.v1): types get OpenAPIModelName methods returning <package>.<Type>."},
		&Def{Name: "optional", Targets: OnField, Kind: Flag, ColonEquals: true, Dialect: dialect, Reader: reader, Doc: "The field is optional."},
		&Def{Name: "required", Targets: OnField, Kind: Flag, ColonEquals: true, Dialect: dialect, Reader: reader, Doc: "The field is required."},
		&Def{Name: "nullable", Targets: OnField, Kind: Raw, ColonEquals: true, Dialect: dialect, Reader: reader, Doc: "The field may be null."},
		&Def{Name: "default", Targets: all, Kind: Raw, ColonEquals: true, Dialect: dialect, Reader: reader, Doc: "The default value, as JSON or a Go constant reference (ref(…))."},
		&Def{Name: "listType", Targets: all, Kind: Enum, Values: []string{"atomic", "set", "map"}, ColonEquals: true, Dialect: dialect, Reader: reader,
			Doc: "x-kubernetes-list-type: atomic, set or map."},
		&Def{Name: "listMapKey", Targets: all, Kind: String, ColonEquals: true, Dialect: dialect, Reader: reader, Doc: "x-kubernetes-list-map-keys entry; repeatable."},
		&Def{Name: "mapType", Targets: all, Kind: Enum, Values: []string{"atomic", "granular"}, ColonEquals: true, Dialect: dialect, Reader: reader,
			Doc: "x-kubernetes-map-type: atomic or granular."},
		&Def{Name: "structType", Targets: all, Kind: Enum, Values: []string{"atomic", "granular"}, ColonEquals: true, Dialect: dialect, Reader: reader,
			Doc: "x-kubernetes-map-type of a struct: atomic or granular."},
		&Def{Name: "patchStrategy", Targets: OnField, Kind: String, Dialect: dialect, Reader: reader, Doc: "x-kubernetes-patch-strategy."},
		&Def{Name: "patchMergeKey", Targets: OnField, Kind: String, Dialect: dialect, Reader: reader, Doc: "x-kubernetes-patch-merge-key."},
		&Def{Name: "enum", Targets: OnType, Kind: Flag, Dialect: dialect, Reader: reader, Doc: "The string type is an enum of its constants."},
		&Def{Name: "union", Targets: all, Kind: Raw, Dialect: dialect, Reader: reader, Doc: "The struct is a union."},
		&Def{Name: "unionDiscriminator", Targets: OnField, Kind: Flag, Dialect: dialect, Reader: reader, Doc: "The union's discriminator."},
		&Def{Name: "unionDeprecated", Targets: OnField, Kind: Flag, Dialect: dialect, Reader: reader,
			Doc: "A member of the struct's union of deprecated fields (x-kubernetes-unions)."},
		// On a package (validation-gen's output tests write
		// +k8s:validation:internal there) it says nothing.
		&Def{Name: "k8s:validation", Targets: all | OnPackage, Kind: Raw, Args: true, Dialect: dialect, Reader: reader,
			Doc: "kube-openapi's validation markers, +k8s:validation:<keyword>=<JSON> (maxLength, pattern, cel[0]:rule>…), read with kube-openapi's parser."},
		&Def{Name: "oneOf", Targets: all, Kind: Raw, Dialect: dialect, Doc: "A member of a one-of group."},
		&Def{Name: "zeroOrOneOf", Targets: all, Kind: Raw, Dialect: dialect, Doc: "A member of a zero-or-one-of group."},
		&Def{Name: "featureGate", Targets: all, Kind: String, Dialect: dialect, Doc: "The feature gate that guards the field."},
		&Def{Name: "deprecated", Targets: all, Kind: Raw, Dialect: dialect, Doc: "The field is deprecated."},
	)
}
