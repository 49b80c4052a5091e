package markers

import (
	"fmt"
	"go/token"
	"strings"
)

// metagen's own markers. The namespace is closed: an unknown +metagen: marker is an error.
func init() {
	const dialect = Namespace
	register(
		&Def{Name: "metagen:name-format", Targets: OnType, Kind: Enum, Dialect: dialect, Reader: "validation",
			Values: []string{"dns-subdomain", "dns-label", "dns1035-label", "path-segment"},
			Doc:    "The format of metadata.name (and, as a prefix, generateName) of a root type; DNS-1123 subdomain by default. Custom resources are always DNS subdomains."},
		&Def{Name: "metagen:custom-resource", Targets: OnPackage | OnType, Kind: Bool, Dialect: dialect, Reader: "validation",
			Doc: "Validate metadata as kube-apiserver does for custom resources rather than built-in types: unqualified finalizer names are warnings, not errors."},
		&Def{Name: "metagen:crd-dir", Targets: OnPackage, Kind: String, Dialect: dialect, Reader: "crd",
			RelativePath: true,
			Doc:          "Write a CustomResourceDefinition for each root type of the package into this directory, relative to the package (e.g. ../../config/crd)."},
		&Def{Name: "metagen:docs-dir", Targets: OnPackage, Kind: String, Dialect: dialect, Reader: "docs",
			RelativePath: true,
			Doc:          "Write the API reference of the package's CRDs into this directory, relative to the package (e.g. ../docs): <group>.md per API group and reference.html; the package needs +metagen:crd-dir."},
		&Def{Name: "metagen:docs-templates", Targets: OnPackage, Kind: String, Dialect: dialect, Reader: "docs",
			RelativePath: true,
			Doc:          "A directory of templates (markdown.tmpl, html.tmpl) that replace the docs generator's defaults for the reference written from this package, relative to the package."},
		&Def{Name: "metagen:crd", Targets: OnType, Kind: Bool, Dialect: dialect, Reader: "crd",
			Doc: "The type is (true) or is not (false) the root type of a CRD; types marked +genclient or +kubebuilder:object:root are, lists excepted."},
		&Def{Name: "metagen:plural", Targets: OnType, Kind: String, Dialect: dialect, Reader: "crd",
			Doc: "The resource's plural name, when the generated one (client-gen's rules, English irregulars) is not right."},
		&Def{Name: "metagen:short-names", Targets: OnType, Kind: List, Dialect: dialect, Reader: "crd",
			Doc: "The resource's short names for kubectl, e.g. wd,wdg."},
		&Def{Name: "metagen:api-rules", Targets: OnPackage, Kind: String, Dialect: dialect, Reader: "openapi",
			RelativePath: true,
			Doc:          "Write openapi-gen's API rule violation report for the package into this file, relative to the package; packages naming the same file share it."},
		&Def{Name: "metagen:openapi-gen-compatible", Targets: OnPackage, Kind: Flag, Dialect: dialect, Reader: "openapi",
			Doc: "Write the OpenAPI definitions exactly as openapi-gen does: without the validation-gen and kubebuilder markers, with its handling of omitzero."},
		&Def{Name: "metagen:allowed-finalizers", Targets: OnType, Kind: List, Dialect: dialect, Reader: "validation",
			Doc: "The finalizers of the package's +groupName domain that this type's controllers own; any other finalizer in that domain is rejected (by the generated validation, and on a generated CRD by metagen's server through its metagen.dev/allowed-finalizers annotation)."},
		&Def{Name: "metagen:conversion-extra-peers", Targets: OnPackage, Kind: List, Dialect: dialect, Reader: "conversion",
			Doc: "conversion-gen's --extra-peer-dirs for the package: more packages whose types of the same name are peers and whose Convert_ functions are used, after the +k8s:conversion-gen ones and meta/v1, conversion and runtime."},
		&Def{Name: "metagen:validation-for", Targets: OnType, Kind: String, Dialect: dialect, Reader: "validation",
			Check: checkValidationFor,
			Doc: "The struct declares validation for a type of another package or module, e.g. k8s.io/api/certificates/v1.PodCertificateRequest: " +
				"its fields name (by Go name) fields of that type and carry the usual +k8s: and +kubebuilder:validation markers, its type markers apply to that type, " +
				"and the package gets Validate_<Type> for it (registered with the scheme when it is a root type). The struct itself is never used at run time."},
	)
}

// checkValidationFor wants one qualified type name: an import path, a dot
// and an identifier.
func checkValidationFor(_ Target, value string) error {
	dot := strings.LastIndexByte(value, '.')
	if dot <= 0 || strings.LastIndexByte(value, '/') > dot || !token.IsIdentifier(value[dot+1:]) || strings.ContainsAny(value[:dot], " \t,\"") {
		return fmt.Errorf("want <import path>.<TypeName>, like k8s.io/api/certificates/v1.PodCertificateRequest, got %q", value)
	}
	return nil
}
