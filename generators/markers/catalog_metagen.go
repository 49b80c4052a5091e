package markers

import (
	"fmt"
	"go/token"
	"strings"
)

// metagen's own markers. The namespace is closed: an unknown +metagen: marker is an error.
var (
	MetagenClientOutput = Define[string](&Def{Name: "metagen:client-output", Targets: OnPackage, Kind: String, Dialect: Namespace, RelativePath: true,
		Doc: "Where the clientset, listers, informers and apply configurations of the package's +genclient types go, relative to the package directory (../client by default). Packages naming the same directory share one clientset."})
	MetagenNameFormat = Define[string](&Def{Name: "metagen:name-format", Targets: OnType, Kind: Enum, Values: []string{"dns-subdomain", "dns-label", "dns1035-label", "path-segment"}, Dialect: Namespace,
		Doc: "The format of metadata.name (and, as a prefix, generateName) of a root type; DNS-1123 subdomain by default. Custom resources are always DNS subdomains."})
	MetagenCustomResource = Define[bool](&Def{Name: "metagen:custom-resource", Targets: OnPackage | OnType, Kind: Bool, Dialect: Namespace,
		Doc: "Validate metadata as kube-apiserver does for custom resources rather than built-in types: unqualified finalizer names are warnings, not errors."})
	MetagenCRDDir = Define[string](&Def{Name: "metagen:crd-dir", Targets: OnPackage, Kind: String, Dialect: Namespace, RelativePath: true,
		Doc: "Write a CustomResourceDefinition for each root type of the package into this directory, relative to the package (e.g. ../../config/crd)."})
	MetagenDocsDir = Define[string](&Def{Name: "metagen:docs-dir", Targets: OnPackage, Kind: String, Dialect: Namespace, RelativePath: true,
		Doc: "Write the API reference of the package's CRDs into this directory, relative to the package (e.g. ../docs): <group>.md per API group and reference.html; the package needs +metagen:crd-dir."})
	MetagenDocsTemplates = Define[string](&Def{Name: "metagen:docs-templates", Targets: OnPackage, Kind: String, Dialect: Namespace, RelativePath: true,
		Doc: "A directory of templates (markdown.tmpl, html.tmpl) that replace the docs generator's defaults for the reference written from this package, relative to the package."})
	MetagenCRD = Define[bool](&Def{Name: "metagen:crd", Targets: OnType, Kind: Bool, Dialect: Namespace,
		Doc: "The type is (true) or is not (false) the root type of a CRD; types marked +genclient or +kubebuilder:object:root are, lists excepted."})
	MetagenPlural = Define[string](&Def{Name: "metagen:plural", Targets: OnType, Kind: String, Dialect: Namespace,
		Doc: "The resource's plural name, when the generated one (client-gen's rules, English irregulars) is not right."})
	MetagenShortNames = Define[[]string](&Def{Name: "metagen:short-names", Targets: OnType, Kind: List, Dialect: Namespace,
		Doc: "The resource's short names for kubectl, e.g. wd,wdg."})
	MetagenAPIRules = Define[string](&Def{Name: "metagen:api-rules", Targets: OnPackage, Kind: String, Dialect: Namespace, RelativePath: true,
		Doc: "Write openapi-gen's API rule violation report for the package into this file, relative to the package; packages naming the same file share it."})
	MetagenOpenAPIGenCompatible = Define[Mark](&Def{Name: "metagen:openapi-gen-compatible", Targets: OnPackage, Kind: Flag, Dialect: Namespace,
		Doc: "Write the OpenAPI definitions exactly as openapi-gen does: without the validation-gen and kubebuilder markers, with its handling of omitzero."})
	MetagenAllowedFinalizers = Define[[]string](&Def{Name: "metagen:allowed-finalizers", Targets: OnType, Kind: List, Dialect: Namespace,
		Doc: "The finalizers of the package's +groupName domain that this type's controllers own; any other finalizer in that domain is rejected (by the generated validation, and on a generated CRD by metagen's server through its metagen.dev/allowed-finalizers annotation)."})
	MetagenConversionExtraPeers = Define[[]string](&Def{Name: "metagen:conversion-extra-peers", Targets: OnPackage, Kind: List, Dialect: Namespace,
		Doc: "conversion-gen's --extra-peer-dirs for the package: more packages whose types of the same name are peers and whose Convert_ functions are used, after the +k8s:conversion-gen ones and meta/v1, conversion and runtime."})
	MetagenValidationFor = Define[TypeName](&Def{Name: "metagen:validation-for", Targets: OnType, Kind: String, Dialect: Namespace, Check: checkValidationFor,
		Doc: "The struct declares validation for a type of another package or module, e.g. k8s.io/api/certificates/v1.PodCertificateRequest: its fields name (by Go name) fields of that type and carry the usual +k8s: and +kubebuilder:validation markers, its type markers apply to that type, and the package gets Validate_<Type> for it (registered with the scheme when it is a root type). The struct itself is never used at run time."})
	MetagenRBACDir = Define[string](&Def{Name: "metagen:rbac-dir", Targets: OnPackage, Kind: String, Dialect: Namespace,
		Doc: "Write the package's RBAC rules into a role.yaml of their own in this directory, relative to the package, instead of config/rbac at the module root; --rbac-dir sends every rule of the run to one directory instead."})
	MetagenWebhookDir = Define[string](&Def{Name: "metagen:webhook-dir", Targets: OnPackage, Kind: String, Dialect: Namespace,
		Doc: "Write the package's webhooks into a manifests.yaml of their own in this directory, relative to the package, instead of config/webhook at the module root; --webhook-dir sends every webhook of the run to one directory instead."})
)

// checkValidationFor wants one qualified type name: an import path, a dot
// and an identifier.
func checkValidationFor(_ Target, value string) error {
	dot := strings.LastIndexByte(value, '.')
	if dot <= 0 || strings.LastIndexByte(value, '/') > dot || !token.IsIdentifier(value[dot+1:]) || strings.ContainsAny(value[:dot], " \t,\"") {
		return fmt.Errorf("want <import path>.<TypeName>, like k8s.io/api/certificates/v1.PodCertificateRequest, got %q", value)
	}
	return nil
}
