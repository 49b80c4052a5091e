package markers

import (
	"fmt"
	"regexp"
	"strings"
)

// The code-generator dialect: deepcopy-gen, client-gen, register-gen and friends.
var (
	K8sDeepcopyGen = Define[DeepcopyGen](&Def{Name: "k8s:deepcopy-gen", Targets: OnPackage | OnType, Kind: String, Dialect: codeGenerator, Check: checkDeepcopyGen,
		Doc: "Opts a package (\"package\") or one type (\"true\"/\"false\") in or out of deepcopy generation."})
	K8sDeepcopyGenInterfaces = Define[[]string](&Def{Name: "k8s:deepcopy-gen:interfaces", Targets: OnType, Kind: String, Dialect: codeGenerator, Check: checkQualifiedNames,
		Doc: "Emits DeepCopy<Interface>() for the fully qualified interface, e.g. k8s.io/apimachinery/pkg/runtime.Object."})
	K8sDeepcopyGenNonpointerInterfaces = Define[bool](&Def{Name: "k8s:deepcopy-gen:nonpointer-interfaces", Targets: OnType, Kind: Bool, Dialect: codeGenerator,
		Doc: "Generates the interface methods on the value receiver instead of the pointer."})
	GroupName = Define[string](&Def{Name: "groupName", Targets: OnPackage, Kind: Raw, ColonEquals: true, Dialect: codeGenerator, Check: checkGroupName,
		Doc: "The API group of the package, e.g. widgets.example.com; empty for the core group."})
	GroupGoName = Define[string](&Def{Name: "groupGoName", Targets: OnPackage, Kind: String, Dialect: codeGenerator,
		Doc: "The Go name of the group when the first label of groupName is not a good identifier."})
	Genclient = Define[Mark](&Def{Name: "genclient", Targets: OnType, Kind: Flag, Dialect: codeGenerator,
		Doc: "Generates a typed client for the type."})
	GenclientNonNamespaced = Define[Mark](&Def{Name: "genclient:nonNamespaced", Targets: OnType, Kind: Flag, Dialect: codeGenerator,
		Doc: "The type is cluster-scoped: its client and validation take no namespace."})
	GenclientNoVerbs = Define[Mark](&Def{Name: "genclient:noVerbs", Targets: OnType, Kind: Flag, Dialect: codeGenerator,
		Doc: "Generates a client without verbs."})
	GenclientNoStatus = Define[Mark](&Def{Name: "genclient:noStatus", Targets: OnType, Kind: Flag, Dialect: codeGenerator,
		Doc: "The type has no /status subresource: no UpdateStatus or ApplyStatus."})
	GenclientReadonly = Define[Mark](&Def{Name: "genclient:readonly", Targets: OnType, Kind: Flag, Dialect: codeGenerator,
		Doc: "Generates only get, list and watch."})
	GenclientOnlyVerbs = Define[[]string](&Def{Name: "genclient:onlyVerbs", Targets: OnType, Kind: List, Values: clientVerbs, Dialect: codeGenerator,
		Doc: "Generates only the listed verbs."})
	GenclientSkipVerbs = Define[[]string](&Def{Name: "genclient:skipVerbs", Targets: OnType, Kind: List, Values: clientVerbs, Dialect: codeGenerator,
		Doc: "Generates every verb but the listed ones."})
	GenclientMethod = Define[ClientMethod](&Def{Name: "genclient:method", Targets: OnType, Kind: Raw, Dialect: codeGenerator,
		Doc: "Adds an extra method: +genclient:method=Name,verb=create,subresource=x,input=pkg.T,result=pkg.T."})
	ResourceName = Define[string](&Def{Name: "resourceName", Targets: OnType, Kind: String, Dialect: codeGenerator,
		Doc: "The resource (plural) name of a +genclient type when the default plural of its kind is wrong, e.g. +resourceName=mice."})
	K8sConversionGen = Define[string](&Def{Name: "k8s:conversion-gen", Targets: OnPackage | OnType | OnField, Kind: Raw, Dialect: codeGenerator, Check: checkConversionGen,
		Doc: "conversion-gen: on a package, the peer (internal) package to convert with, repeatable, or false for explicit-from conversions only; on a type or field, false opts out."})
	K8sConversionGenExplicitFrom = Define[string](&Def{Name: "k8s:conversion-gen:explicit-from", Targets: OnPackage | OnType, Kind: String, Dialect: codeGenerator, Check: checkExplicitFrom,
		Doc: "conversion-gen: also convert from the named type; only net/url.Values (query parameters into options)."})
	K8sConversionGenExternalTypes = Define[string](&Def{Name: "k8s:conversion-gen-external-types", Targets: OnPackage, Kind: String, Dialect: codeGenerator, Check: checkFullImportPath,
		Doc: "conversion-gen: the package of the external types, when not this one (k8s.io/api/apps/v1); the package must import it."})
	K8sConversionFn = Define[string](&Def{Name: "k8s:conversion-fn", Targets: OnFunc, Kind: Enum, Values: []string{"copy-only", "drop"}, Dialect: codeGenerator,
		Doc: "conversion-gen: on a hand-written Convert_<a>_<X>_To_<b>_<Y> function. copy-only: the function does not stop memory copies, and generated conversions assign or cast directly where the layouts are identical instead of calling it; drop: generated conversions skip fields of that pair of types."})
	K8sDefaulterGen = Define[string](&Def{Name: "k8s:defaulter-gen", Targets: OnPackage | OnType, Kind: Raw, Dialect: codeGenerator, Check: checkDefaulterGen,
		Doc: "defaulter-gen: on a package, the field name whose presence selects a type for SetObjectDefaults_ (TypeMeta), or false; on a type, true or false."})
	K8sDefaulterGenInput = Define[string](&Def{Name: "k8s:defaulter-gen-input", Targets: OnPackage, Kind: String, Dialect: codeGenerator, Check: checkFullImportPath,
		Doc: "defaulter-gen: the package whose types get defaulters, when they live elsewhere (k8s.io/api/apps/v1); the package must import it."})
	K8sProtobufGen = Define[string](&Def{Name: "k8s:protobuf-gen", Targets: OnPackage | OnType, Kind: Raw, Dialect: codeGenerator,
		Doc: "go-to-protobuf: package or type options."})
	Protobuf = Define[string](&Def{Name: "protobuf", Targets: OnPackage | OnType | OnField, Kind: Raw, Dialect: codeGenerator,
		Doc: "go-to-protobuf: generate a message for the type."})
	ProtobufNullable = Define[bool](&Def{Name: "protobuf.nullable", Targets: OnType | OnField, Kind: Bool, Dialect: codeGenerator,
		Doc: "go-to-protobuf: the field may be nil."})
	ProtobufOptions = Define[string](&Def{Name: "protobuf.options.", Targets: OnType | OnField, Kind: Raw, Dialect: codeGenerator,
		Doc: "go-to-protobuf: a gogoproto option, +protobuf.options.(gogoproto.x)=v."})
	ProtobufAs = Define[string](&Def{Name: "protobuf.as", Targets: OnType, Kind: String, Dialect: codeGenerator,
		Doc: "go-to-protobuf: encode the type as another message."})
	K8sPrereleaseLifecycleGen = Define[bool](&Def{Name: "k8s:prerelease-lifecycle-gen", Targets: OnPackage, Kind: Bool, Dialect: codeGenerator,
		Doc: "prerelease-lifecycle-gen: generate lifecycle functions for the package."})
	K8sPrereleaseLifecycleGenIntroduced = Define[Release](&Def{Name: "k8s:prerelease-lifecycle-gen:introduced", Targets: OnType, Kind: String, Dialect: codeGenerator, Check: checkKubeRelease,
		Doc: "prerelease-lifecycle-gen: the release that introduced the type, e.g. 1.20."})
	K8sPrereleaseLifecycleGenDeprecated = Define[Release](&Def{Name: "k8s:prerelease-lifecycle-gen:deprecated", Targets: OnType, Kind: String, Dialect: codeGenerator, Check: checkKubeRelease,
		Doc: "prerelease-lifecycle-gen: the release that deprecated the type."})
	K8sPrereleaseLifecycleGenRemoved = Define[Release](&Def{Name: "k8s:prerelease-lifecycle-gen:removed", Targets: OnType, Kind: String, Dialect: codeGenerator, Check: checkKubeRelease,
		Doc: "prerelease-lifecycle-gen: the release that removes the type."})
	K8sPrereleaseLifecycleGenReplacement = Define[ReplacementKind](&Def{Name: "k8s:prerelease-lifecycle-gen:replacement", Targets: OnType, Kind: String, Dialect: codeGenerator, Check: checkReplacementGVK,
		Doc: "prerelease-lifecycle-gen: group,version,kind of the replacement."})
	K8sRegisterGen = Define[string](&Def{Name: "k8s:register-gen", Targets: OnPackage, Kind: Raw, Dialect: codeGenerator,
		Doc: "register-gen: generate zz_generated.register.go."})
)

var clientVerbs = []string{"create", "update", "updateStatus", "delete", "deleteCollection", "get", "list", "watch", "patch", "apply", "applyStatus"}

func checkDeepcopyGen(target Target, value string) error {
	allowed := map[Target][]string{OnPackage: {"package", "package,register", "false"}, OnType: {"true", "false"}}[target]
	for _, ok := range allowed {
		if value == ok {
			return nil
		}
	}
	return fmt.Errorf("on a %s want one of %s, got %q", target, quoteAll(allowed), value)
}

// checkQualifiedNames accepts "import/path.Name", or several separated by commas.
func checkQualifiedNames(_ Target, value string) error {
	for _, name := range strings.Split(value, ",") {
		dot := strings.LastIndexByte(name, '.')
		if dot <= 0 || dot == len(name)-1 || strings.ContainsAny(name, " ") {
			return fmt.Errorf("want a fully qualified type name like k8s.io/apimachinery/pkg/runtime.Object, got %q", name)
		}
	}
	return nil
}

// groupLabel is one label of a DNS-1123 subdomain.
var groupLabel = regexp.MustCompile(`^[a-z0-9]([-a-z0-9]*[a-z0-9])?$`)

// checkGroupName wants what kube-apiserver accepts as an API group: a
// DNS-1123 subdomain (lower case, at most 253 characters), or "" for the
// core group.
func checkGroupName(_ Target, value string) error {
	if value == "" {
		return nil
	}
	bad := len(value) > 253
	for _, label := range strings.Split(value, ".") {
		bad = bad || len(label) > 63 || !groupLabel.MatchString(label)
	}
	if bad {
		return fmt.Errorf("%q is not an API group: want a DNS-1123 subdomain (lower-case letters, digits, '-' and '.'), like widgets.example.com, or nothing for the core group", value)
	}
	return nil
}
