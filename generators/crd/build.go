package crd

import (
	"encoding/json"
	"errors"
	"fmt"
	"go/token"
	"strings"

	apiextensionsv1 "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1"
	apivalidation "k8s.io/apiextensions-apiserver/pkg/apiserver/validation"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apiserver/pkg/cel/environment"
	"k8s.io/kube-openapi/pkg/validation/spec"
	"k8s.io/utils/ptr"
	"sigs.k8s.io/yaml"

	"github.com/metagen-dev/metagen/generators/diag"
	"github.com/metagen-dev/metagen/generators/gen"
	"github.com/metagen-dev/metagen/generators/markers"
	"github.com/metagen-dev/metagen/generators/openapi"
)

// builder builds one CRD and remembers where each of its parts was
// written, so that apiextensions' errors point at the source.
type builder struct {
	pass    *gen.Pass
	res     *resource
	origins map[string]token.Position
	errs    []error
	// broken is set when a part could not be built at all, so that
	// apiextensions' validation of the rest would only add noise.
	broken bool
}

func (b *builder) errorf(pos token.Position, format string, args ...any) {
	b.errs = append(b.errs, diag.Errorf(pos, format, args...))
}

// build returns the manifest of a resource, or the problems that keep it
// from being valid.
func build(pass *gen.Pass, res *resource) ([]byte, []error) {
	crd, errs := res.object(pass)
	if len(errs) > 0 {
		return nil, errs
	}
	return render(crd)
}

// object is the resource's CRD, checked, built once per run by the first
// pass that asks (the crd generator's, or the docs generator's, which shows
// the same schema): its warnings are reported by that pass, its errors by
// every pass that asks.
func (res *resource) object(pass *gen.Pass) (*apiextensionsv1.CustomResourceDefinition, []error) {
	res.once.Do(func() { res.built, res.errs = buildObject(pass, res) })
	return res.built, res.errs
}

// buildObject builds and checks the CRD of a resource.
func buildObject(pass *gen.Pass, res *resource) (*apiextensionsv1.CustomResourceDefinition, []error) {
	b := &builder{pass: pass, res: res, origins: map[string]token.Position{}}
	crd := &apiextensionsv1.CustomResourceDefinition{
		TypeMeta:   metav1.TypeMeta{APIVersion: "apiextensions.k8s.io/v1", Kind: "CustomResourceDefinition"},
		ObjectMeta: metav1.ObjectMeta{Name: res.names.Plural + "." + res.group},
		Spec: apiextensionsv1.CustomResourceDefinitionSpec{
			Group: res.group,
			Names: res.names,
			Scope: res.scope,
		},
	}
	first := res.versions[0].typ
	b.origins["metadata"] = first.Pos
	b.origins["spec"] = first.Pos
	b.crdMetadata(crd)
	storage := b.storageVersion()
	for i, v := range res.versions {
		crd.Spec.Versions = append(crd.Spec.Versions, b.version(i, v, v == storage))
	}
	if b.broken {
		return nil, b.errs
	}
	b.check(crd)
	if len(b.errs) > 0 {
		return nil, b.errs
	}
	return crd, nil
}

// storageVersion is the version the Kubernetes layer makes the kind's CRD
// store (Kind.Storage: the only version, or the one marked
// +kubebuilder:storageversion); without one the CRD is not built, and the
// layer's problem is its error.
func (b *builder) storageVersion() *version {
	for _, v := range b.res.versions {
		if v.typ == b.res.kind.Storage {
			return v
		}
	}
	b.broken = true
	b.errs = append(b.errs, b.res.kind.CRDErrors...)
	return nil
}

// version builds one version: its schema, subresources and columns.
func (b *builder) version(i int, v *version, storage bool) apiextensionsv1.CustomResourceDefinitionVersion {
	path := fmt.Sprintf("spec.versions[%d]", i)
	b.origins[path] = v.typ.Pos
	out := apiextensionsv1.CustomResourceDefinitionVersion{
		Name:    v.name,
		Served:  !v.typ.Resource.Unserved,
		Storage: storage,
	}
	if m, ok := markers.KBDeprecatedVersion.Marker(v.typ.Markers); ok {
		out.Deprecated = true
		if dep, _ := markers.Value[markers.DeprecatedVersion](m); dep.Warning != nil && *dep.Warning != "" {
			out.DeprecationWarning = ptr.To(*dep.Warning)
		}
	}
	out.Schema = b.schema(path, v)
	out.Subresources = b.subresources(path, v)
	out.AdditionalPrinterColumns = b.printColumns(path, v)
	out.SelectableFields = b.selectableFields(path, v)
	return out
}

// schema expands the root type's schema and puts the name rules on metadata.
func (b *builder) schema(path string, v *version) *apiextensionsv1.CustomResourceValidation {
	expanded, err := gen.ResultOf[*openapi.Result](b.pass, openapi.Generator).Expand(v.typ.Object)
	if err != nil {
		for _, e := range diag.Unwrap(err) {
			b.errs = append(b.errs, b.inThisModule(e, v))
		}
		b.broken = true
		return nil
	}
	for _, w := range expanded.Warnings {
		var warning *diag.Warning
		if errors.As(w, &warning) {
			b.pass.Warn(warning.Pos, "%s", warning.Msg)
		}
	}
	root := expanded.Schema
	schemaPath := path + ".schema.openAPIV3Schema"
	for rel, pos := range expanded.Origins {
		b.origins[joinPath(schemaPath, rel)] = pos
	}
	b.origins[schemaPath] = v.typ.Pos
	b.checkFormats(root, schemaPath)
	if _, ok := root.Properties["metadata"]; ok {
		root.Properties["metadata"] = b.metadataSchema(v)
	}
	props, err := ToJSONSchemaProps(root)
	if err != nil {
		b.errorf(v.typ.Pos, "converting the schema of %s: %v", v.typ.Name, err)
		b.broken = true
		return nil
	}
	if n := b.pass.Universe.Settings.CRD.MaxDescLen; n != nil {
		truncateDescriptions(props, *n)
	}
	return &apiextensionsv1.CustomResourceValidation{OpenAPIV3Schema: props}
}

// inThisModule positions a problem of the schema of another module's type
// (the module cache's, which the user cannot edit) at the root type that
// includes it, naming where it was written.
func (b *builder) inThisModule(err error, v *version) error {
	var e *diag.Error
	if !errors.As(err, &e) || !e.Pos.IsValid() || b.inModule(e.Pos) {
		return err
	}
	return diag.Errorf(v.typ.Pos, "%s (written in %s, a type of another module that %s includes)", e.Msg, moduleFile(e.Pos), v.typ.Name)
}

// checkFormats warns at the formats kube-apiserver does not validate at the
// oldest version it may run beside (apiextensions' own list, by schema type:
// "cidr" on an array is one): kube-apiserver takes the CRD with a warning and
// checks nothing for them, and controller-gen writes them, so the CRD is
// written as controller-gen writes it.
func (b *builder) checkFormats(s *spec.Schema, path string) {
	if s == nil {
		return
	}
	for _, format := range apivalidation.GetUnrecognizedFormats(s, environment.DefaultCompatibilityVersion()) {
		pos, detail := b.origin(path), ""
		if !b.inModule(pos) {
			pos, detail = b.foreign(path, pos, "")
		}
		b.pass.Warn(pos, "format %q%s is not one kube-apiserver validates on type %s: the CRD keeps it, as controller-gen writes it, and kube-apiserver checks nothing for it; use a pattern or a CEL rule", format, detail, schemaTypeName(s))
	}
	for name, p := range s.Properties {
		b.checkFormats(&p, path+".properties["+name+"]")
	}
	if s.Items != nil {
		b.checkFormats(s.Items.Schema, path+".items")
	}
	if s.AdditionalProperties != nil {
		b.checkFormats(s.AdditionalProperties.Schema, path+".additionalProperties")
	}
}

// schemaTypeName names a schema's type for a message: "string", "array", or
// "(none)".
func schemaTypeName(s *spec.Schema) string {
	if len(s.Type) == 1 {
		return s.Type[0]
	}
	return "(none)"
}

func joinPath(base, rel string) string {
	if rel == "" {
		return base
	}
	return base + "." + rel
}

// ToJSONSchemaProps converts through JSON: both types use the OpenAPI
// field names, and the x-kubernetes- extensions a CRD carries are fields of
// JSONSchemaProps.
func ToJSONSchemaProps(s *spec.Schema) (*apiextensionsv1.JSONSchemaProps, error) {
	data, err := json.Marshal(s)
	if err != nil {
		return nil, err
	}
	var props apiextensionsv1.JSONSchemaProps
	if err := json.Unmarshal(data, &props); err != nil {
		return nil, err
	}
	return &props, nil
}

// nameRules are the patterns of the name formats that are stricter than the
// DNS subdomain kube-apiserver requires of every custom resource: for the
// name, and for a generateName prefix (which may end in a dash).
var nameRules = map[string]struct {
	maxLength          int64
	name, generateName string
}{
	"dns-label":     {63, `^[a-z0-9]([-a-z0-9]*[a-z0-9])?$`, `^[a-z0-9][-a-z0-9]*$`},
	"dns1035-label": {63, `^[a-z]([-a-z0-9]*[a-z0-9])?$`, `^[a-z][-a-z0-9]*$`},
}

// metadataSchema is {type: object}, with the rules of +metagen:name-format
// on name and generateName. A subdomain name (the default) and a path
// segment need none: kube-apiserver requires a DNS subdomain of every
// custom resource name, and a subdomain is a valid path segment.
func (b *builder) metadataSchema(v *version) spec.Schema {
	s := spec.Schema{SchemaProps: spec.SchemaProps{Type: []string{"object"}}}
	m, ok := markers.MetagenNameFormat.Marker(v.typ.Markers)
	if !ok {
		return s
	}
	rules, strict := nameRules[m.Value]
	if !strict {
		return s
	}
	b.origins[fmt.Sprintf("spec.versions[%d].schema.openAPIV3Schema.properties[metadata]", b.indexOf(v))] = m.Pos
	s.Properties = map[string]spec.Schema{
		"name":         {SchemaProps: spec.SchemaProps{Type: []string{"string"}, MaxLength: ptr.To(rules.maxLength), Pattern: rules.name}},
		"generateName": {SchemaProps: spec.SchemaProps{Type: []string{"string"}, Pattern: rules.generateName}},
	}
	return s
}

func (b *builder) indexOf(v *version) int {
	for i, each := range b.res.versions {
		if each == v {
			return i
		}
	}
	return -1
}

// subresources: status and scale where marked, as controller-gen writes
// them (+genclient alone gives none: a project that writes status through
// the main resource keeps doing so).
func (b *builder) subresources(path string, v *version) *apiextensionsv1.CustomResourceSubresources {
	var out apiextensionsv1.CustomResourceSubresources
	if v.typ.Resource != nil && v.typ.Resource.StatusSubresource {
		out.Status = &apiextensionsv1.CustomResourceSubresourceStatus{}
	}
	if m, ok := markers.KBSubresourceScale.Marker(v.typ.Markers); ok {
		b.origins[path+".subresources.scale"] = m.Pos
		scale, _ := markers.Value[markers.SubresourceScale](m)
		out.Scale = &apiextensionsv1.CustomResourceSubresourceScale{
			SpecReplicasPath:   scale.SpecPath,
			StatusReplicasPath: scale.StatusPath,
		}
		if scale.SelectorPath != nil && *scale.SelectorPath != "" {
			out.Scale.LabelSelectorPath = ptr.To(*scale.SelectorPath)
		}
	}
	if out.Status == nil && out.Scale == nil && !markers.KBPrintColumn.Has(v.typ.Markers) {
		return nil // controller-gen writes subresources: {} for a version with printer columns
	}
	return &out
}

// printColumns reads +kubebuilder:printcolumn:name=…,type=…,JSONPath=…,description=…,format=…,priority=….
func (b *builder) printColumns(path string, v *version) []apiextensionsv1.CustomResourceColumnDefinition {
	var out []apiextensionsv1.CustomResourceColumnDefinition
	for _, m := range markers.KBPrintColumn.Markers(v.typ.Markers) {
		column, _ := markers.Value[markers.PrintColumn](m)
		b.origins[fmt.Sprintf("%s.additionalPrinterColumns[%d]", path, len(out))] = m.Pos
		out = append(out, apiextensionsv1.CustomResourceColumnDefinition{
			Name: column.Name, Type: column.Type, JSONPath: column.JSONPath,
			Description: column.Description, Format: column.Format, Priority: column.Priority,
		})
	}
	return out
}

// selectableFields reads +kubebuilder:selectablefield:JSONPath=….
func (b *builder) selectableFields(path string, v *version) []apiextensionsv1.SelectableField {
	var out []apiextensionsv1.SelectableField
	for _, m := range markers.KBSelectableField.Markers(v.typ.Markers) {
		field, _ := markers.Value[markers.SelectableField](m)
		b.origins[fmt.Sprintf("%s.selectableFields[%d]", path, len(out))] = m.Pos
		out = append(out, apiextensionsv1.SelectableField{JSONPath: field.JSONPath})
	}
	return out
}

// crdMetadata reads +kubebuilder:metadata:annotations="k=v;k=v",labels="k=v":
// every such marker of every version, as controller-gen applies them all
// to the one CRD. A key given two values is an error, where controller-gen
// would keep the one it happens to apply last.
func (b *builder) crdMetadata(crd *apiextensionsv1.CustomResourceDefinition) {
	annotations, labels := map[string]markers.Marker{}, map[string]markers.Marker{}
	for _, v := range b.res.versions {
		for _, m := range markers.KBMetadata.Markers(v.typ.Markers) {
			md, _ := markers.Value[markers.Metadata](m)
			crd.Annotations = b.pairs(m, "annotation", md.Annotations, crd.Annotations, annotations)
			crd.Labels = b.pairs(m, "label", md.Labels, crd.Labels, labels)
		}
	}
	b.allowedFinalizers(crd, annotations)
	b.apiApproval(crd, annotations)
}

// allowedFinalizers writes +metagen:allowed-finalizers as the
// metagen.dev/allowed-finalizers annotation, which metagen's server
// enforces on the CRD's objects as the generated validation does on the Go
// type (kube-apiserver ignores it). Versions that list finalizers must list
// the same ones, and a +kubebuilder:metadata value must agree.
func (b *builder) allowedFinalizers(crd *apiextensionsv1.CustomResourceDefinition, given map[string]markers.Marker) {
	var value string
	var from markers.Marker
	for _, v := range b.res.versions {
		m, ok := markers.MetagenAllowedFinalizers.Marker(v.typ.Markers)
		names, _ := markers.MetagenAllowedFinalizers.Value(m)
		if !ok || len(names) == 0 {
			continue
		}
		// The names as listed: the Kubernetes layer reports any that are
		// not the group's, and then nothing is written.
		list := strings.Join(names, ",")
		if value != "" && list != value {
			b.errorf(m.Pos, "%s lists %q here but %q at %s: the versions of a resource share one list", m, list, value, from.Pos)
			continue
		}
		value, from = list, m
	}
	if value == "" {
		return
	}
	if old, ok := crd.Annotations[allowedFinalizersAnnotation]; ok && old != value {
		b.errorf(from.Pos, "%s lists %q but %s sets annotation %s to %q", from, value, given[allowedFinalizersAnnotation].Pos, allowedFinalizersAnnotation, old)
		return
	}
	if crd.Annotations == nil {
		crd.Annotations = map[string]string{}
	}
	crd.Annotations[allowedFinalizersAnnotation] = value
}

// pairs adds the key=value pairs of a marker's argument to into; from
// remembers the marker that gave each key.
func (b *builder) pairs(m markers.Marker, what string, pairs []string, into map[string]string, from map[string]markers.Marker) map[string]string {
	for _, pair := range pairs {
		key, val, _ := strings.Cut(pair, "=") // markers.Metadata's pairs have one
		if old, ok := into[key]; ok && old != val {
			b.errorf(m.Pos, "%s: %s %s is %q here but %q at %s", m, what, key, val, old, from[key].Pos)
			continue
		}
		if into == nil {
			into = map[string]string{}
		}
		into[key] = val
		from[key] = m
	}
	return into
}

// render writes the manifest as YAML, without the status an object read
// back from a server would have.
func render(crd *apiextensionsv1.CustomResourceDefinition) ([]byte, []error) {
	data, err := json.Marshal(crd)
	if err != nil {
		return nil, []error{err}
	}
	var object map[string]any
	if err := json.Unmarshal(data, &object); err != nil {
		return nil, []error{err}
	}
	delete(object, "status")
	out, err := yaml.Marshal(object)
	if err != nil {
		return nil, []error{err}
	}
	return out, nil
}
