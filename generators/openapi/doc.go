// Package openapi generates zz_generated.openapi.go: GetOpenAPIDefinitions
// (kube-openapi's common.GetOpenAPIDefinitions) for the package's types and
// the OpenAPIModelName methods that name them, as openapi-gen writes them,
// one file per package. It also gives the crd generator the same schemas
// with every reference expanded (Expand).
//
// # What openapi-gen does, and so do we
//
// A package opts in with +k8s:openapi-gen=true, a type with
// +k8s:openapi-gen=true or out with =false; exported named struct types get
// a definition, keyed by T{}.OpenAPIModelName() when the type or its package
// has +k8s:openapi-model-package (the method is generated unless the type
// declares it) and by the Go path otherwise. A type that declares
// OpenAPIDefinition, OpenAPIV3Definition, OpenAPISchemaType/Format or
// OpenAPIV3OneOfTypes (metav1.Time, IntOrString, Quantity) gets the forms
// openapi-gen writes for it. Descriptions come from doc comments with
// openapi-gen's rules (paragraphs, indented lines, "---", TODO and marker
// lines, a marker after a tab too, as controller-gen drops it). Fields
// are required unless +optional or omitempty, and +required wins; +default
// takes JSON or ref(Const), and a field that is neither a pointer nor
// omitempty gets the zero value Go's decoding gives it; +enum
// types list their constants; +listType, +listMapKey, +mapType,
// +structType, +patchStrategy, +patchMergeKey and
// +k8s:openapi-gen=x-kubernetes-… become extensions; +union,
// +unionDiscriminator and +unionDeprecated become x-kubernetes-unions;
// +k8s:validation:… markers are read with kube-openapi's own parser.
//
// Dependencies are named by their OpenAPIModelName when their export data
// shows one: openapi-gen does the same for the packages among its inputs,
// which is how Kubernetes runs it, so that the definitions of separate
// packages (and of k8s.io/apiextensions-apiserver's generated openapi,
// which has meta/v1) compose into one map.
//
// The definitions equal openapi-gen's on every package of k8s.io/api and on
// the golden cases (TestK8sAPI, TestAgainstOpenAPIGen), and most schema
// functions read the same; kube-openapi's builders turn them into the
// published ObjectMeta and PodCertificateRequest schemas (TestFixtures).
//
// # Where we differ from openapi-gen, on purpose
//
// By default the schemas carry what openapi-gen leaves out:
//
//   - the validation-gen tags with a schema form: +k8s:minimum, maximum,
//     minLength, maxLength, minItems, maxItems, minProperties,
//     maxProperties, format, listType, listMapKey, required, optional, enum
//     (on the type, listing its constants like +enum), and +k8s:eachVal=<one
//     of these> for list items and map values. Tags wrapped in +k8s:alpha,
//     +k8s:beta, +k8s:ifEnabled or +k8s:ifDisabled are not enforced by
//     default and stay out; +k8s:eachKey has no schema form;
//   - every +kubebuilder:validation: keyword, XValidation (CEL rules),
//     items:<keyword>, XIntOrString, XEmbeddedResource,
//     XPreserveUnknownFields, Type and Schemaless, ExactlyOneOf,
//     AtMostOneOf and AtLeastOneOf (as controller-gen's CEL rules),
//     +kubebuilder:default and example (JSON, or controller-tools' own
//     syntax: {a,b}, {key: value}, a;b), title, externalDocs,
//     pruning:PreserveUnknownFields, and +nullable; markers also apply to
//     a field with the ,string JSON option, a string on the wire;
//   - the format, enum and nullable of +k8s:validation: markers, which
//     openapi-gen parses and drops;
//   - omitzero counts as omitempty: the field is optional and gets no
//     enforced zero default, since the zero value never reaches the wire;
//   - the markers of a named non-struct type apply to list items and map
//     values of the type, as to fields; type A B has B's markers and its
//     own; the type-level CEL rules and property counts of an inlined
//     struct apply to the struct that inlines it, its rules first, as
//     controller-gen flattens them.
//
// In both modes a field shadows a field of the same JSON name in an
// inlined struct as encoding/json decides: the least inlined wins, and at
// equal depth the only tagged one, or none (openapi-gen writes both, as a
// map literal that does not compile). A +default=ref(…) and a
// +kubebuilder:default agree when the constant has the same value.
//
// Problems openapi-gen only logs (at -v 2 for field tags) are errors: an
// idl tag on a type it cannot apply to (+listType on a string), a
// +listMapKey without +listType=map, an unknown patch strategy, malformed
// unions and extensions. So are a field marked both +optional and
// +required, patch struct tags that disagree with the markers, conflicting
// validation markers, a keyword on the wrong type (maxLength on a number),
// unsupported types (non-string map keys, anonymous structs, complex
// numbers, chans, funcs), bad defaults and bad CEL marker arguments.
//
// The expanded schemas of CRDs (Expand) follow controller-gen, the tool
// kubebuilder users come from, where a CRD needs more than openapi-gen
// writes: +k8s:immutable becomes its transition rules, a named list or map
// type (type Tags []string) brings its +listType, +mapType and, for a field
// without a doc, its description (to list items and map values too), an
// inlined struct's +structType or +mapType becomes the inlining struct's
// map type, a field's CEL rules come before its
// type's, and integers get int32 and int64 formats only for the 32 and
// 64-bit kinds (kube-openapi's "byte" for uint8 is no CRD format).
// Descriptions follow controller-gen's rules too: the doc comment as
// go/parser attaches it (not a comment that ends the line above), its line
// breaks kept, marker comments left out, TODO lines dropped and a line
// starting with "---" ending it, except within a fenced code block; a type
// without a doc has the doc of the type it is declared as (type A B), and
// an enum type's values are listed after it as openapi-gen lists them.
// required lists the fields sorted, as controller-gen does. +enum types
// of packages outside the run (k8s.io/api's) are no enums in CRDs, as in
// controller-gen's: a CRD is validated by its schema, and those lists omit
// values core validation accepts; +k8s:enum ones, which declarative
// validation enforces, stay.
//
// +metagen:openapi-gen-compatible on a package (or Options.Compat) turns
// all of this off and writes exactly what openapi-gen writes; TestDepartures
// checks that the default output differs from that only in the ways listed
// above, on the golden cases and on k8s.io/api.
package openapi
