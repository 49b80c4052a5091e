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
// +k8s:dependentRequired and +k8s:dependentForbidden, and modes:
// +k8s:modeDiscriminator on a string or bool field and
// +k8s:ifMode("A")=+k8s:… on the fields whose validation depends on it,
// which are forbidden in the modes no ifMode names (validate.Discriminated,
// one call per field). They run in validation-gen's order: by field, and by
// tag name within a field. Through +k8s:item, list items are members of
// unions too, which validate.Union and ZeroOrOneOfUnion check on the list.
// The kube-openapi +listType and +listMapKey mean what +k8s:listType and
// +k8s:listMapKey mean.
//
// The constants of a +k8s:enum type are its values (validate.Enum), but
// those tagged +k8s:enumExclude, or excluded only while an option is
// enabled or disabled by +k8s:ifEnabled(Option)=+k8s:enumExclude and
// +k8s:ifDisabled(Option)=+k8s:enumExclude (validate.EnumExclusion). The
// loader does not parse the comments of constants; this generator does.
//
// +k8s:customValidation calls the hand-written ValidateCustom_<Type> or
// ValidateCustom_<Type>_<Field> of the package, as validation-gen does; a
// missing function is an error at the tag.
//
// validation-gen's test-only tags work as in its own tests:
// +k8s:validateFalse, +k8s:validateTrue, +k8s:validateTrueAlpha and
// +k8s:validateTrueBeta become validate.FixedResult calls, with their flags
// (ShortCircuit, NonError), typeArg and cohort arguments; a cohort's
// short-circuits stop only the cohort. +k8s:validateError fails generation.
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
// Every tag validation-gen v0.37.2 documents is implemented. Where
// validation-gen would silently drop a tag (a mode's iterations, an
// enumExclude on a constant of a type that is not an enum) or generate code
// that cannot work (a mode of a bool discriminator that is not true or
// false, or not a value of an enum discriminator), metagen reports an error
// at the tag instead.
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
