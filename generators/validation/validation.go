// Package validation generates Validate_<Type> functions and their scheme
// registration into zz_generated.validations.go, as k8s.io/code-generator's
// validation-gen v0.37.2 does, and reads the +kubebuilder:validation markers
// as Go code too.
//
// # Which packages and types
//
// A package opts in with validation-gen's tags, read unchanged:
// +k8s:validation-gen=* (every type), =TypesWithField=<Field>, =TypesWithSuffix=<Suffix>
// (several may be given, one tag each), and =TypeMeta, the older spelling of
// TypesWithField=TypeMeta. A type opts in or out with
// +k8s:validation-gen=true|false. The selected types are the root types;
// types that embed metav1.ListMeta never are. Every type of the package
// reachable from a root type gets a Validate_<Type> function when something
// in it is validated.
//
// Root types are registered with a scheme by RegisterValidations(scheme
// *runtime.Scheme) error (+k8s:validation-gen-scheme-registry names another
// scheme type, or nil for none), so that scheme.Validate and
// scheme.ValidateUpdate run them for the main resource ("/") and the
// subresources named by +k8s:supportsSubresource (e.g. /status), or for the
// one named by +k8s:isSubresource. A package that declares localSchemeBuilder
// (or, failing that, SchemeBuilder) registers them from init, so AddToScheme
// brings them along. Only root types that are runtime.Objects (they declare
// or get DeepCopyObject and embed metav1.TypeMeta) are registered.
//
// # Metadata
//
// A root type that embeds metav1.ObjectMeta gets the metadata rules
// kube-apiserver applies to it, through schema/meta: scope from
// +genclient:nonNamespaced or +kubebuilder:resource:scope=Cluster, name format
// from +metagen:name-format, custom-resource behaviour from
// +metagen:custom-resource (on the type or the package), and an allow-list of
// the finalizers of the package's +groupName domain from
// +metagen:allowed-finalizers. This works out of tree: validation-gen v0.37.2
// calls a metav1.Validate_ObjectMeta that does not exist. Fields of type
// metav1.Condition are validated with apimachinery's handwritten condition
// rules (schema/meta.ValidateCondition), where validation-gen aborts.
//
// # Field rules
//
// The validation-gen tags on fields, types, list items (+k8s:eachVal=…) and
// map keys (+k8s:eachKey=…) become calls to
// k8s.io/apimachinery/pkg/api/validate, the functions validation-gen's output
// calls, with the same flags: short-circuit validators (required, optional,
// forbidden, immutable, maxItems, maxProperties) run first and stop the
// others when they fail; +k8s:alpha and +k8s:beta mark errors; +k8s:ifEnabled
// and +k8s:ifDisabled make a rule depend on an operation option. Unchanged
// values are not validated again on update (ratcheting), and the items of
// listType=map lists are paired with the old items by their keys.
//
// +k8s:subfield(name)=… and +k8s:item(key: value)=… chain rules to a field
// of a struct value and to the item of a list-map (validate.Subfield,
// validate.ValSliceItem). Struct-level rules are written on fields:
// +k8s:unionMember, +k8s:unionDiscriminator and +k8s:zeroOrOneOfMember
// (validate.Union, DiscriminatedUnion, ZeroOrOneOfUnion),
// +k8s:dependentRequired and +k8s:dependentForbidden. The kube-openapi +listType and +listMapKey mean
// what +k8s:listType and +k8s:listMapKey mean.
//
// +k8s:customValidation calls the hand-written ValidateCustom_<Type> or
// ValidateCustom_<Type>_<Field> of the package, as validation-gen does; a
// missing function is an error at the tag.
//
// +required, +optional and the +kubebuilder:validation markers are read too:
// Required, Optional, Minimum, Maximum, ExclusiveMinimum, ExclusiveMaximum,
// MultipleOf, MinLength, MaxLength, Pattern (compiled once, at package
// initialisation), Format, Enum, MinItems, MaxItems, UniqueItems,
// MinProperties, MaxProperties and their items: forms. A marker that says the
// same as a +k8s: tag (Minimum and +k8s:minimum with the same bound) is one
// rule; two markers that disagree, or presence markers that contradict each
// other, are an error at the later marker. XValidation (CEL) is left to the
// CRD schema, which kube-apiserver enforces.
//
// Tags validation-gen documents that are not implemented yet (+k8s:ifMode,
// +k8s:modeDiscriminator, +k8s:enumExclude, unions over list items, and the
// test-only validateFalse family) are an error at their position rather than
// silently ignored.
//
// # Paths
//
// Generated code builds field paths only for errors (see schema/rules), so
// validating a valid object allocates nothing.
package validation

import (
	"errors"

	"github.com/metagen-dev/metagen/generators/diag"
	"github.com/metagen-dev/metagen/generators/gen"
	"github.com/metagen-dev/metagen/generators/model"
)

// Generator writes zz_generated.validations.go.
var Generator = &gen.Generator{
	Name:       "validation",
	Doc:        "Validate_<Type> functions and their scheme registration, as validation-gen writes them, with ObjectMeta rules and the kubebuilder validation markers as Go code.",
	Markers:    readMarkers,
	OutputFile: outputFile,
	Enabled:    enabled,
	Run:        run,
}

const outputFile = "zz_generated.validations.go"

// enabled reports whether the package opts in with +k8s:validation-gen.
func enabled(pkg *model.Package) bool {
	_, ok := activation(pkg)
	return ok
}

func run(pass *gen.Pass) error {
	u := universeOf(pass)
	if errs := u.errs[pass.Package.Path]; len(errs) > 0 {
		return errors.Join(diag.Sort(append([]error(nil), errs...))...)
	}
	if plan := u.pkgs[pass.Package.Path]; plan.hasOutput() {
		newWriter(pass, plan).write()
	}
	return nil
}
