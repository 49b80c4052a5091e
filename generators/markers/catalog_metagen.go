package markers

// metagen's own markers. The namespace is closed: an unknown +metagen: marker is an error.
func init() {
	const dialect = Namespace
	register(
		&Def{Name: "metagen:name-format", Targets: OnType, Kind: Enum, Dialect: dialect, Reader: "validation",
			Values: []string{"dns-subdomain", "dns-label", "dns1035-label", "path-segment"},
			Doc:    "The format of metadata.name for this type; DNS-1123 subdomain by default."},
		&Def{Name: "metagen:custom-resource", Targets: OnPackage | OnType, Kind: Bool, Dialect: dialect, Reader: "validation",
			Doc: "Validate metadata as kube-apiserver does for custom resources rather than built-in types."},
		&Def{Name: "metagen:allowed-finalizers", Targets: OnType, Kind: List, Dialect: dialect, Reader: "validation",
			Doc: "Finalizer names accepted besides the standard and fully qualified ones."},
	)
}
