package markers

import (
	"fmt"
	"regexp"
	"strings"
)

// The code-generator dialect: deepcopy-gen, client-gen, register-gen and friends.
func init() {
	const dialect = "code-generator"
	register(
		&Def{Name: "k8s:deepcopy-gen", Targets: OnPackage | OnType, Kind: String, Dialect: dialect, Reader: "deepcopy",
			Doc:   `Opts a package ("package") or one type ("true"/"false") in or out of deepcopy generation.`,
			Check: checkDeepcopyGen},
		&Def{Name: "k8s:deepcopy-gen:interfaces", Targets: OnType, Kind: String, Dialect: dialect, Reader: "deepcopy",
			Doc:   "Emits DeepCopy<Interface>() for the fully qualified interface, e.g. k8s.io/apimachinery/pkg/runtime.Object.",
			Check: checkQualifiedNames},
		&Def{Name: "k8s:deepcopy-gen:nonpointer-interfaces", Targets: OnType, Kind: Bool, Dialect: dialect, Reader: "deepcopy",
			Doc: "Generates the interface methods on the value receiver instead of the pointer."},
		&Def{Name: "groupName", Targets: OnPackage, Kind: Raw, ColonEquals: true, Dialect: dialect, Reader: "client", // controller-tools reads it too
			Check: checkGroupName,
			Doc:   "The API group of the package, e.g. widgets.example.com; empty for the core group."},
		&Def{Name: "groupGoName", Targets: OnPackage, Kind: String, Dialect: dialect, Reader: "client",
			Doc: "The Go name of the group when the first label of groupName is not a good identifier."},
		&Def{Name: "genclient", Targets: OnType, Kind: Flag, Dialect: dialect, Reader: "client",
			Doc: "Generates a typed client for the type."},
		&Def{Name: "genclient:nonNamespaced", Targets: OnType, Kind: Flag, Dialect: dialect, Reader: "client",
			Doc: "The type is cluster-scoped: its client and validation take no namespace."},
		&Def{Name: "genclient:noVerbs", Targets: OnType, Kind: Flag, Dialect: dialect, Reader: "client",
			Doc: "Generates a client without verbs."},
		&Def{Name: "genclient:noStatus", Targets: OnType, Kind: Flag, Dialect: dialect, Reader: "client",
			Doc: "The type has no /status subresource: no UpdateStatus or ApplyStatus."},
		&Def{Name: "genclient:readonly", Targets: OnType, Kind: Flag, Dialect: dialect, Reader: "client",
			Doc: "Generates only get, list and watch."},
		&Def{Name: "genclient:onlyVerbs", Targets: OnType, Kind: List, Values: clientVerbs, Dialect: dialect, Reader: "client",
			Doc: "Generates only the listed verbs."},
		&Def{Name: "genclient:skipVerbs", Targets: OnType, Kind: List, Values: clientVerbs, Dialect: dialect, Reader: "client",
			Doc: "Generates every verb but the listed ones."},
		&Def{Name: "genclient:method", Targets: OnType, Kind: Raw, Dialect: dialect, Reader: "client",
			Doc: "Adds an extra method: +genclient:method=Name,verb=create,subresource=x,input=pkg.T,result=pkg.T."},
		&Def{Name: "resourceName", Targets: OnType, Kind: String, Dialect: dialect, Reader: "client",
			Doc: "The resource (plural) name of a +genclient type when the default plural of its kind is wrong, e.g. +resourceName=mice."},
		// metagen's own, for the code-generator tools it replaces.
		&Def{Name: "metagen:client-output", Targets: OnPackage, Kind: String, Dialect: Namespace, Reader: "client",
			RelativePath: true,
			Doc:          "Where the clientset, listers, informers and apply configurations of the package's +genclient types go, relative to the package directory (../client by default). Packages naming the same directory share one clientset."},
		&Def{Name: "k8s:conversion-gen", Targets: OnPackage | OnType | OnField, Kind: Raw, Dialect: dialect, Reader: "conversion", Check: checkConversionGen,
			Doc: "conversion-gen: on a package, the peer (internal) package to convert with, repeatable, or false for explicit-from conversions only; on a type or field, false opts out."},
		&Def{Name: "k8s:conversion-gen:explicit-from", Targets: OnPackage | OnType, Kind: String, Dialect: dialect, Reader: "conversion", Check: checkExplicitFrom,
			Doc: "conversion-gen: also convert from the named type; only net/url.Values (query parameters into options)."},
		&Def{Name: "k8s:conversion-gen-external-types", Targets: OnPackage, Kind: String, Dialect: dialect, Reader: "conversion", Check: checkFullImportPath,
			Doc: "conversion-gen: the package of the external types, when not this one (k8s.io/api/apps/v1); the package must import it."},
		&Def{Name: "k8s:conversion-fn", Targets: OnFunc, Kind: Enum, Values: []string{"copy-only", "drop"}, Dialect: dialect, Reader: "conversion",
			Doc: "conversion-gen: on a hand-written Convert_<a>_<X>_To_<b>_<Y> function. copy-only: the function does not stop memory copies, and generated conversions assign or cast directly where the layouts are identical instead of calling it; drop: generated conversions skip fields of that pair of types."},
		&Def{Name: "k8s:defaulter-gen", Targets: OnPackage | OnType, Kind: Raw, Dialect: dialect, Reader: "defaults", Check: checkDefaulterGen,
			Doc: "defaulter-gen: on a package, the field name whose presence selects a type for SetObjectDefaults_ (TypeMeta), or false; on a type, true or false."},
		&Def{Name: "k8s:defaulter-gen-input", Targets: OnPackage, Kind: String, Dialect: dialect, Reader: "defaults", Check: checkFullImportPath,
			Doc: "defaulter-gen: the package whose types get defaulters, when they live elsewhere (k8s.io/api/apps/v1); the package must import it."},
		&Def{Name: "k8s:protobuf-gen", Targets: OnPackage | OnType, Kind: Raw, Dialect: dialect,
			Doc: "go-to-protobuf: package or type options."},
		&Def{Name: "protobuf", Targets: OnPackage | OnType | OnField, Kind: Raw, Dialect: dialect,
			Doc: "go-to-protobuf: generate a message for the type."},
		&Def{Name: "protobuf.nullable", Targets: OnType | OnField, Kind: Bool, Dialect: dialect,
			Doc: "go-to-protobuf: the field may be nil."},
		&Def{Name: "protobuf.options.", Targets: OnType | OnField, Kind: Raw, Dialect: dialect,
			Doc: "go-to-protobuf: a gogoproto option, +protobuf.options.(gogoproto.x)=v."},
		&Def{Name: "protobuf.as", Targets: OnType, Kind: String, Dialect: dialect,
			Doc: "go-to-protobuf: encode the type as another message."},
		&Def{Name: "k8s:prerelease-lifecycle-gen", Targets: OnPackage, Kind: Bool, Dialect: dialect, Reader: "prerelease-lifecycle",
			Doc: "prerelease-lifecycle-gen: generate lifecycle functions for the package."},
		&Def{Name: "k8s:prerelease-lifecycle-gen:introduced", Targets: OnType, Kind: String, Dialect: dialect, Reader: "prerelease-lifecycle", Check: checkKubeRelease,
			Doc: "prerelease-lifecycle-gen: the release that introduced the type, e.g. 1.20."},
		&Def{Name: "k8s:prerelease-lifecycle-gen:deprecated", Targets: OnType, Kind: String, Dialect: dialect, Reader: "prerelease-lifecycle", Check: checkKubeRelease,
			Doc: "prerelease-lifecycle-gen: the release that deprecated the type."},
		&Def{Name: "k8s:prerelease-lifecycle-gen:removed", Targets: OnType, Kind: String, Dialect: dialect, Reader: "prerelease-lifecycle", Check: checkKubeRelease,
			Doc: "prerelease-lifecycle-gen: the release that removes the type."},
		&Def{Name: "k8s:prerelease-lifecycle-gen:replacement", Targets: OnType, Kind: String, Dialect: dialect, Reader: "prerelease-lifecycle", Check: checkReplacementGVK,
			Doc: "prerelease-lifecycle-gen: group,version,kind of the replacement."},
		&Def{Name: "k8s:register-gen", Targets: OnPackage, Kind: Raw, Dialect: dialect,
			Doc: "register-gen: generate zz_generated.register.go."},
	)
}

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
