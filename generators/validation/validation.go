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
// subresources named by +k8s:supportsSubresource (e.g. /status, which a
// kind with +kubebuilder:subresource:status supports too, as kube-apiserver
// validates its CRD's /status writes), or for the one named by
// +k8s:isSubresource. A package that declares localSchemeBuilder
// (or, failing that, SchemeBuilder) registers them from init, so AddToScheme
// brings them along; in a package without a generated register file the
// file also records the Kubernetes layer's resources of the package's root
// types on the scheme (register.WriteResources), for servers that serve it.
// Only root types that are runtime.Objects (they declare
// or get DeepCopyObject and embed metav1.TypeMeta) are registered with a
// runtime.Scheme; with another scheme type (validation-gen's testscheme),
// every root type is, with the package's localSchemeBuilder, as
// validation-gen does (a list or map type by value, as its Validate_<Type>
// takes it; a struct by pointer). A field of a named list type whose declaration says
// listType=map or set pairs old and new items as the type does, for the
// field's own +k8s:eachVal, +k8s:item and +k8s:update.
//
// METAGEN_VALIDATIONGEN_OUTPUT_TESTS=1 go test ./generators/validation -run
// TestValidationGenOutputTests runs validation-gen v0.37.2's own output
// tests on metagen's code; vgcompat_test.go lists the packages that differ,
// with the reasons.
//
// # Metadata
//
// A root type that embeds metav1.ObjectMeta (not +k8s:opaqueType, which
// leaves it only the tags chained to it) gets the metadata rules
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
// forbidden, immutable, update, maxItems, maxProperties) run first and stop
// the others when they fail; +k8s:alpha and +k8s:beta mark errors; +k8s:ifEnabled
// and +k8s:ifDisabled make a rule depend on an operation option. Unchanged
// values are not validated again on update (ratcheting), and the items of
// listType=map lists are paired with the old items by their keys.
//
// +k8s:subfield(name)=… and +k8s:item(key: value)=… chain rules to a field
// of a struct value and to the item of a list-map (validate.Subfield,
// validate.ValSliceItem). As in validation-gen, a subfield chain first runs
// the short-circuit +k8s: tags written on the target field itself, without
// reporting their errors, and stops when one fails (not when the field, or
// its type, is +k8s:opaqueType). Struct-level rules are written on fields:
// +k8s:unionMember, +k8s:unionDiscriminator and +k8s:zeroOrOneOfMember
// (validate.Union, DiscriminatedUnion, ZeroOrOneOfUnion),
// +k8s:dependentRequired and +k8s:dependentForbidden, and modes:
// +k8s:modeDiscriminator on a string or bool field and
// +k8s:ifMode("A")=+k8s:… on the fields whose validation depends on it,
// which are forbidden in the modes no ifMode names (validate.Discriminated,
// one call per field). They run in validation-gen's order: by field, and by
// the name of the outermost tag within a field, then as written. Through
// +k8s:item, list items are members of unions too, which validate.Union and
// ZeroOrOneOfUnion check on the list; through +k8s:subfield, a field's
// subfields are the members, discriminators and modes of the field value's
// struct, checked on the value (a nil pointer has no fields to check).
//
// Struct-level tags may be wrapped, as k8s.io/api writes them
// (+k8s:alpha(since: "1.37")=+k8s:unionMember,
// +k8s:beta=+k8s:item(type: "Approved")=+k8s:zeroOrOneOfMember,
// +k8s:ifEnabled(X)=+k8s:dependentForbidden(y)): the union or dependency
// check is marked alpha or beta, or runs under validate.IfOption, as a
// whole. validation-gen checks all the unions of a struct (or of a list's
// items) of one kind at once, under the wrapping tags of the member it reads
// first, so the members of one kind must agree, and a discriminator's own
// wrapping (which validation-gen ignores) must be its members' or none;
// metagen reports the others. A +k8s:modeDiscriminator wrapped in +k8s:alpha
// or +k8s:beta is a discriminator (the ifMode tags carry the stability);
// under +k8s:ifEnabled or +k8s:ifDisabled, whose condition validation-gen
// would drop, it is an error. A dependency's sibling may be quoted:
// +k8s:dependentRequired("other").
//
// The kube-openapi +listType and +listMapKey mean what +k8s:listType and
// +k8s:listMapKey mean; on a value that is not a list (k8s.io/api has
// +listType=atomic on a *string) they say nothing to validate, and whether
// the schema may carry them is the openapi generator's to say. A list-map
// key is found by its JSON name through the embedded structs encoding/json
// inlines, as EphemeralContainer's "name" comes from
// EphemeralContainerCommon (validation-gen looks only at the item's own
// fields, but does not read +listMapKey). Lists of pointers work as in
// validation-gen: a validated field rejects nil items first
// (validate.PtrSliceNoNils), and sets, maps, items and +k8s:item take the
// structs the items point to (PtrSliceUnique, PtrSliceItem,
// EachPtrSliceVal).
//
// The constants of a +k8s:enum type are its values (validate.Enum), but
// those tagged +k8s:enumExclude, or excluded only while an option is
// enabled or disabled by +k8s:ifEnabled(Option)=+k8s:enumExclude and
// +k8s:ifDisabled(Option)=+k8s:enumExclude (validate.EnumExclusion). The
// loader does not parse the comments of constants; this generator does. An
// enum with no constants allows no value, as in validation-gen. Under
// +k8s:alpha or +k8s:beta (+k8s:alpha=+k8s:enum), the check's errors are
// marked alpha or beta.
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
// other, are an error at the later marker, except that
// +kubebuilder:validation:Required and Optional give way to +optional,
// +required, +k8s:optional and +k8s:required, as in the schema the openapi
// generator writes (and openapi-gen, which reads no kubebuilder marker):
// k8s.io/api's PortStatus.Error is +optional and
// +kubebuilder:validation:Required, and optional to kube-apiserver.
// (controller-gen gives the kubebuilder marker precedence; validation-gen
// reads neither dialect.)
//
// # CEL rules
//
// A root type whose schema carries CEL rules (+kubebuilder:validation:XValidation,
// and the rules ExactlyOneOf, AtMostOneOf and AtLeastOneOf write) gets them
// evaluated at the end of its Validate_<Type>, as kube-apiserver evaluates
// the x-kubernetes-validations of its CRD: the generated file holds the
// structural schema (openapi's Expand, the schema the crd generator writes,
// a kind's metadata as a CRD has it, without descriptions) as JSON, and
// schema/cel compiles its rules once per process, on first use, with
// apiextensions-apiserver's own CEL validator, and runs them on the object
// converted to unstructured: the same limits, transition rules on update
// only, optionalOldSelf, ratcheting, messageExpression, reason and
// fieldPath, and no rule evaluated after an error kube-apiserver treats as
// blocking (one error says so). The rules a CRD writes for +k8s:immutable
// are left out: the tag's Go check enforces it, in validation-gen's words.
// Only a package with rules imports schema/cel, so binaries without rules
// link no CEL. A type whose schema cannot be expanded (an interface, a
// recursive type) keeps its rules for the CRD, with a warning.
//
// A kubebuilder marker checks the JSON, as the CRD schema does: MinLength
// and MaxLength on a []byte count the characters of its base64 string;
// MinItems and MaxItems on a *[]T check the list it points to (a nil one is
// absent); Enum on a number compares numbers, as kube-apiserver does. The
// placements controller-gen accepts whose check depends on how a value
// serializes are the CRD schema's alone, with no Go code and no error:
// MinProperties and MaxProperties on a struct, UniqueItems on a *[]T, the
// string rules on a *[]byte and Pattern, Format and Enum on a []byte, an
// Enum of values neither strings nor numbers, and any rule that does not
// fit the Go kind of a type that marshals itself (MarshalJSON,
// MarshalText) or whose schema type is overridden
// (+kubebuilder:validation:Type).
//
// A +k8s: tag decides what it validates, wrapped or not, as in
// validation-gen. On a value with a +k8s:required, +k8s:optional or
// +k8s:forbidden tag, plain or under +k8s:alpha, +k8s:beta, +k8s:ifEnabled
// or +k8s:ifDisabled, the presence markers (+required, +optional, the
// kubebuilder Required and Optional) add no rule and stay the schema's
// documentation; so does a kubebuilder bound (Minimum, MaxLength,
// MaxItems…) next to the +k8s: bound of its kind. The check is the tag's,
// with its stability mark and option: flowcontrol/v1's type, +required and
// +k8s:beta=+k8s:required, reports one beta error, as validation-gen does.
// Such a marker must agree with each tag it gives way to, or it is an
// error at the later one: a bound must be the tag's whatever wraps it; a
// presence marker must say what a tag says that is plain or under
// +k8s:alpha or +k8s:beta, which mark the errors, not what is checked
// (+optional contradicts +k8s:beta=+k8s:required), but a presence tag
// under +k8s:ifEnabled or +k8s:ifDisabled holds for one setting of an
// option, which the schema cannot say, and contradicts no marker
// (k8s.io/api writes +optional with +k8s:ifDisabled(X)=+k8s:forbidden and
// +k8s:ifEnabled(X)=+k8s:optional). A marker with no +k8s: tag of its
// kind is a rule of its own (the kubebuilder Format, Enum and Pattern,
// which no +k8s: tag spells, always are), and a +k8s:ifMode presence tag
// is its mode's, not a tag of the field's own.
//
// Every tag validation-gen v0.37.2 documents is implemented. Where
// validation-gen would silently drop a tag (a mode's iterations, an
// enumExclude on a constant of a type that is not an enum) or generate code
// that cannot work (a mode of a bool discriminator that is not true or
// false, or not a value of an enum discriminator), metagen reports an error
// at the tag instead.
//
// # Types of packages outside the run
//
// A value of a named type of a package that the run does not generate
// validation for (not among the patterns, or without +k8s:validation-gen)
// calls, as validation-gen does, the Validate_<Type> of that package when it
// declares one (dependencies come from export data, so metagen knows it
// exists); for metav1 types, the one k8s.io/apimachinery/pkg/apis/meta/v1/validation
// declares (ObjectMeta outside a root type, say a template's metadata,
// OwnerReference, ManagedFieldsEntry, ConditionStatus), validation-gen's
// input for metav1 in Kubernetes. The types of the packages Kubernetes gives
// validation-gen as --readonly-pkg (resource, runtime, types, intstr, time)
// and the other metav1 types have no rules. Any other such value that a
// root type reaches stops validation-gen ("is in a non-included package"),
// and is an error here too, with its remedies: add the package to the run,
// mark the value +k8s:opaqueType (+k8s:eachVal=+k8s:opaqueType for list
// items and map values, +k8s:eachKey=… for keys), or declare its rules
// (below). A named list or map type's function validates its items. A
// struct type marked +k8s:opaqueType is validated by its own type tags
// only, as in validation-gen: its fields are not looked at; the chained
// rules of a +k8s:subfield or +k8s:item chain are all it checks (the
// part's items are validated by their type where the part's own type is).
//
// # Types of other packages
//
// Types a package does not own (those of k8s.io/api, say, or of another
// module) are validated through declarations: a struct of the package,
// annotated +metagen:validation-for=<import path>.<Type>, whose fields name
// (by Go name, any subset, in any order) fields of that struct type and
// carry the usual field markers. Its type markers apply to the external
// type (+k8s:supportsSubresource, +k8s:customValidation, the metadata
// markers such as +genclient:nonNamespaced, +k8s:validation-gen=true…):
//
//	// +metagen:validation-for=k8s.io/api/certificates/v1.CertificateSigningRequest
//	// +genclient:nonNamespaced
//	// +k8s:supportsSubresource=/status
//	type csr struct {
//		Spec csrSpec // a declaration for CertificateSigningRequestSpec
//	}
//
//	// +metagen:validation-for=k8s.io/api/certificates/v1.CertificateSigningRequestSpec
//	type csrSpec struct {
//		// +k8s:required
//		SignerName string
//		// +k8s:minimum=600
//		ExpirationSeconds *int32
//	}
//
// The package gets Validate_<Type>(ctx, op, fldPath, obj, oldObj *ext.Type)
// for the external type, exactly as for its own types: error paths use the
// JSON names of the external struct's tags, unchanged values are ratcheted,
// the marker +k8s:customValidation calls the package's ValidateCustom_<Type> and
// ValidateCustom_<Type>_<Field> (taking the external types), a root type
// (selected by the package's +k8s:validation-gen filter, or the
// declaration's own +k8s:validation-gen=true) gets the metadata rules, and
// RegisterValidations registers the external root types that are
// runtime.Objects. Values of the external type elsewhere in the package
// (a field of one of its own types, or of another declaration) call that
// function too. Only the declared fields are validated, in declaration
// order, which need not be the external type's; the external type's own
// comments are not read (it comes from export data), so list semantics
// such as +listType=map must be declared again where they matter.
//
// A declared field has the external field's type, or a declaration of it
// (through pointers, lists and maps). A field whose type reaches a struct
// type of another module with no declaration in the package needs one, or
// the marker +k8s:opaqueType to leave it unvalidated; apimachinery's and the standard
// library's types (metav1.Time, resource.Quantity…) are not asked for. The
// declaration itself is never used at run time and may be unexported. The
// package must import the external type's package (a custom validation
// function or a declared field's type usually does; a blank import works).
// These are errors at the declaration: an import path or type that does
// not resolve, a type that is not a struct (or a declaration that is not
// one), a declared field the external type lacks or whose type differs,
// two declarations of one type, a function name that two types would share.
// Other generators see declarations as ordinary structs: in a package that
// generates deepcopy or OpenAPI for every type, opt them out there
// (+k8s:deepcopy-gen=false, +k8s:openapi-gen=false).
//
// # Paths
//
// Generated code builds field paths only for errors (see schema/rules), so
// validating a valid object allocates nothing.
package validation

import (
	"reflect"

	"github.com/metagen-dev/metagen/generators/deepcopy"
	"github.com/metagen-dev/metagen/generators/gen"
	"github.com/metagen-dev/metagen/generators/model"
	"github.com/metagen-dev/metagen/generators/openapi"
	"github.com/metagen-dev/metagen/generators/register"
)

// Generator writes zz_generated.validations.go.
var Generator = &gen.Generator{
	Name:       "validation",
	Doc:        "Validate_<Type> functions and their scheme registration, as validation-gen writes them, with ObjectMeta rules, the kubebuilder validation markers as Go code in the words of the CRD schema validation, and the CEL rules of root types evaluated as kube-apiserver does (schema/cel); types of other modules are validated through +metagen:validation-for declarations.",
	Markers:    readMarkers,
	OutputFile: outputFile,
	Enabled:    enabled,
	Requires:   []*gen.Generator{deepcopy.Generator, register.Generator, openapi.Generator},
	// The CRD schema of root types, for their CEL rules, whose markers this
	// generator declares it reads; the other schema markers it reads (or not)
	// on its own.
	StructureOnly:  []*gen.Generator{openapi.Generator},
	Prepare:        prepare,
	ResultType:     reflect.TypeOf(&universePlan{}),
	Run:            run,
	ReadsResources: true,
}

const outputFile = "zz_generated.validations.go"

// enabled reports whether the package opts in with +k8s:validation-gen.
func enabled(pkg *model.Package) bool {
	_, ok := activation(pkg)
	return ok
}

func run(pass *gen.Pass) error {
	u := universeOf(pass)
	for _, w := range u.warnings[pass.Package.Path] {
		pass.Warn(w.pos, "%s", w.msg)
	}
	if u.failed[pass.Package.Path] {
		return nil // its problems are the run's (prepare)
	}
	if plan := u.pkgs[pass.Package.Path]; plan.hasOutput() {
		newWriter(pass, plan).write()
	}
	return nil
}
