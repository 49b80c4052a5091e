package docs

import (
	"encoding/json"
	"fmt"
	"go/types"
	"path/filepath"
	"slices"
	"sort"
	"strconv"
	"strings"
	"unicode"

	apiextensionsv1 "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1"
	kubeversion "k8s.io/apimachinery/pkg/version"

	"github.com/metagen-dev/metagen/generators/crd"
	"github.com/metagen-dev/metagen/generators/diag"
	"github.com/metagen-dev/metagen/generators/gen"
	"github.com/metagen-dev/metagen/generators/model"
	"github.com/metagen-dev/metagen/generators/openapi"
)

// KubernetesReference is where the Kubernetes types link to: the
// generated API reference of the release metagen's k8s.io/api is (v0.37).
const KubernetesReference = "https://kubernetes.io/docs/reference/generated/kubernetes-api/v1.37/"

// page is where a section is rendered: a group's page in a directory.
type page struct {
	dir   string
	group *Group
	used  map[string]bool // anchors taken on the page
}

// builder builds the model of the whole run: sections are shared between
// the pages that link to them.
type builder struct {
	pass    *gen.Pass
	oa      *openapi.Result
	maxDesc *int
	// homes are the versions whose package declares a type: a type gets
	// its section there, else in the version that reaches it first.
	homes    map[*types.Package]*versionHome
	sections map[*types.TypeName]*section
	errs     []error
}

type versionHome struct {
	page    *page
	version *Version
}

type section struct {
	typ  *Type
	home *versionHome
}

// build builds the model and executes the templates: the run's pages.
func (r *result) build(pass *gen.Pass) ([]output, []error) {
	b := &builder{
		pass:     pass,
		oa:       gen.ResultOf[*openapi.Result](pass, openapi.Generator),
		maxDesc:  pass.Universe.Settings.CRD.MaxDescLen,
		homes:    map[*types.Package]*versionHome{},
		sections: map[*types.TypeName]*section{},
	}
	type kindWork struct {
		home *versionHome
		res  crd.Resource
		obj  *apiextensionsv1.CustomResourceDefinition
		i    int
	}
	var sites []*Site
	var work []kindWork
	for _, d := range r.dirs {
		site := &Site{Title: "API reference", KubernetesReference: KubernetesReference}
		sites = append(sites, site)
		for _, gp := range d.groups {
			group := &Group{Name: gp.name, File: gp.name + ".md", ID: gp.name}
			site.Groups = append(site.Groups, group)
			pg := &page{dir: d.dir, group: group, used: map[string]bool{slug(gp.name): true}}
			for _, res := range gp.resources {
				obj, errs := res.Object(pass)
				if len(errs) > 0 {
					b.errs = append(b.errs, errs...)
					continue
				}
				for i, v := range obj.Spec.Versions {
					version := versionOf(group, v.Name, res.Types[i].Package.Path)
					home := &versionHome{page: pg, version: version}
					if _, ok := b.homes[res.Types[i].Package.Types]; !ok {
						b.homes[res.Types[i].Package.Types] = home
					}
					work = append(work, kindWork{home, res, obj, i})
				}
			}
			slices.SortFunc(group.Versions, func(a, b *Version) int {
				return -kubeversion.CompareKubeAwareVersionStrings(a.Name, b.Name)
			})
		}
	}
	// Kinds in page, version, kind order, so that sections are reached
	// (and placed) in an order that depends on the input only.
	slices.SortStableFunc(work, func(a, b kindWork) int {
		if c := strings.Compare(a.home.page.dir, b.home.page.dir); c != 0 {
			return c
		}
		if c := strings.Compare(a.home.page.group.Name, b.home.page.group.Name); c != 0 {
			return c
		}
		if c := -kubeversion.CompareKubeAwareVersionStrings(a.home.version.Name, b.home.version.Name); c != 0 {
			return c
		}
		return strings.Compare(a.res.Kind, b.res.Kind)
	})
	for _, w := range work {
		b.kind(w.home, w.res, w.obj, w.i)
	}
	var out []output
	for di, d := range r.dirs {
		site := sites[di]
		for gi := range d.groups {
			body, err := d.templates.markdown(&Page{Group: site.Groups[gi], Site: site})
			if err != nil {
				b.errs = append(b.errs, err)
			}
			out = append(out, output{filepath.Join(d.dir, site.Groups[gi].File), body})
		}
		body, err := d.templates.html(site)
		if err != nil {
			b.errs = append(b.errs, err)
		}
		out = append(out, output{filepath.Join(d.dir, HTMLFile), body})
	}
	return out, diag.Sort(b.errs)
}

func versionOf(g *Group, name, pkg string) *Version {
	for _, v := range g.Versions {
		if v.Name == name {
			return v
		}
	}
	v := &Version{Name: name, GroupVersion: g.Name + "/" + name, Package: pkg, Anchor: slug(name), ID: g.ID + "." + name}
	g.Versions = append(g.Versions, v)
	return v
}

// kind adds version i of a CRD to its version's section.
func (b *builder) kind(home *versionHome, res crd.Resource, obj *apiextensionsv1.CustomResourceDefinition, i int) {
	v := obj.Spec.Versions[i]
	root := res.Types[i]
	k := &Kind{
		Name: obj.Spec.Names.Kind, Group: obj.Spec.Group, Version: v.Name, GroupVersion: obj.Spec.Group + "/" + v.Name,
		Scope: string(obj.Spec.Scope), Plural: obj.Spec.Names.Plural, Singular: obj.Spec.Names.Singular, ListKind: obj.Spec.Names.ListKind,
		ShortNames: obj.Spec.Names.ShortNames, Categories: obj.Spec.Names.Categories,
		Served: v.Served, Storage: v.Storage, Deprecated: v.Deprecated,
	}
	if v.DeprecationWarning != nil {
		k.DeprecationWarning = *v.DeprecationWarning
	}
	if rel, err := filepath.Rel(home.page.dir, res.Path); err == nil {
		k.CRD = filepath.ToSlash(rel)
	}
	if s := v.Subresources; s != nil {
		k.Subresources.Status = s.Status != nil
		if s.Scale != nil {
			k.Subresources.Scale = &Scale{SpecReplicasPath: s.Scale.SpecReplicasPath, StatusReplicasPath: s.Scale.StatusReplicasPath}
			if s.Scale.LabelSelectorPath != nil {
				k.Subresources.Scale.LabelSelectorPath = *s.Scale.LabelSelectorPath
			}
		}
	}
	for _, c := range v.AdditionalPrinterColumns {
		k.PrinterColumns = append(k.PrinterColumns, PrinterColumn{Name: c.Name, Type: c.Type, Format: c.Format, JSONPath: c.JSONPath, Description: c.Description, Priority: c.Priority})
	}
	for _, f := range v.SelectableFields {
		k.SelectableFields = append(k.SelectableFields, f.JSONPath)
	}
	title := v.Name + "." + k.Name
	t := &Type{Name: root.Name, Title: title, Package: root.Package.Path, Kind: k}
	b.place(t, home)
	b.sections[root.Object] = &section{typ: t, home: home}
	k.Type = t
	var schema *apiextensionsv1.JSONSchemaProps
	if v.Schema != nil {
		schema = v.Schema.OpenAPIV3Schema
	}
	if schema != nil {
		t.Description = schema.Description
		b.own(&t.Validations, &t.Rules, &t.Enum, schema, nil, "")
		b.fields(t, home, schema, root.Object.Type())
		k.Example = example(obj, v.Name, schema)
	}
	home.version.Kinds = append(home.version.Kinds, k)
	slices.SortFunc(home.version.Kinds, func(a, b *Kind) int { return strings.Compare(a.Name, b.Name) })
	// Every version of the CRD, linked to its section on this page.
	for _, other := range obj.Spec.Versions {
		kv := KindVersion{Name: other.Name, Served: other.Served, Storage: other.Storage, Deprecated: other.Deprecated}
		if other.DeprecationWarning != nil {
			kv.DeprecationWarning = *other.DeprecationWarning
		}
		otherTitle := other.Name + "." + k.Name
		kv.Link = Link{Text: other.Name, Markdown: "#" + slug(otherTitle), HTML: "#" + home.page.group.ID + "." + otherTitle}
		k.Versions = append(k.Versions, kv)
	}
}

// place gives a section its anchor and id on its home page.
func (b *builder) place(t *Type, home *versionHome) {
	anchor := slug(t.Title)
	if home.page.used[anchor] {
		base := t.Title
		for n := 2; home.page.used[anchor]; n++ {
			t.Title = fmt.Sprintf("%s (%d)", base, n)
			anchor = slug(t.Title)
		}
	}
	home.page.used[anchor] = true
	t.Anchor = anchor
	t.ID = home.page.group.ID + "." + strings.ReplaceAll(t.Title, " ", "")
	if t.Kind == nil {
		home.version.Types = append(home.version.Types, t)
	}
}

// goField is a struct field by its JSON name.
type goField struct {
	name, goName string
	typ          types.Type
}

// jsonFields are a struct's fields as encoding/json sees them: embedded
// structs without a name, and ",inline" ones, contribute their fields.
func jsonFields(t types.Type) []goField {
	st, ok := deref(t).Underlying().(*types.Struct)
	if !ok {
		return nil
	}
	var out []goField
	for _, f := range model.FieldsOf(st) {
		name := f.JSONName
		if name == "-" && len(f.JSONOptions) == 0 {
			continue
		}
		if f.Inline {
			out = append(out, jsonFields(f.Type())...)
			continue
		}
		if !f.Var.Exported() {
			continue
		}
		if name == "" {
			name = f.GoName
		}
		out = append(out, goField{name, f.GoName, f.Type()})
	}
	return out
}

func deref(t types.Type) types.Type {
	for {
		p, ok := types.Unalias(t).(*types.Pointer)
		if !ok {
			return types.Unalias(t)
		}
		t = p.Elem()
	}
}

// fields are the rows of a section: the properties of the object's schema,
// in the Go struct's order, then any the struct does not declare.
func (b *builder) fields(t *Type, home *versionHome, node *apiextensionsv1.JSONSchemaProps, goType types.Type) {
	goFields := jsonFields(goType)
	var names []string
	byName := map[string]goField{}
	for _, f := range goFields {
		if _, ok := node.Properties[f.name]; ok && !slices.Contains(names, f.name) {
			names = append(names, f.name)
			byName[f.name] = f
		}
	}
	var rest []string
	for name := range node.Properties {
		if !slices.Contains(names, name) {
			rest = append(rest, name)
		}
	}
	sort.Strings(rest)
	for _, name := range append(names, rest...) {
		prop := node.Properties[name]
		gf := byName[name]
		f := &Field{Name: name, GoName: gf.goName, Required: slices.Contains(node.Required, name), Description: prop.Description}
		if prop.Default != nil {
			f.Default = string(prop.Default.Raw)
		}
		f.Type = b.typeRef(t, home, &prop, gf.typ)
		b.own(&f.Validations, &f.Rules, &f.Enum, &prop, gf.typ, "")
		if gf.typ != nil && isObjectMeta(gf.typ) {
			b.metadata(f, &prop)
		}
		for _, r := range f.Rules {
			if r.Path == "" && isImmutable(r.Rule) {
				f.Immutable = true
			}
		}
		t.Fields = append(t.Fields, f)
	}
}

// metadata: the name rules a CRD puts on metadata (+metagen:name-format)
// are listed on its row, ObjectMeta being documented upstream.
func (b *builder) metadata(f *Field, node *apiextensionsv1.JSONSchemaProps) {
	for _, name := range slices.Sorted(mapKeys(node.Properties)) {
		prop := node.Properties[name]
		b.own(&f.Validations, &f.Rules, &f.Enum, &prop, nil, name)
	}
}

func mapKeys[V any](m map[string]V) func(func(string) bool) {
	return func(yield func(string) bool) {
		for k := range m {
			if !yield(k) {
				return
			}
		}
	}
}

func isImmutable(rule string) bool {
	r := strings.Join(strings.Fields(rule), "")
	return r == "self==oldSelf" || r == "oldSelf==self"
}

func isObjectMeta(t types.Type) bool {
	n, ok := deref(t).(*types.Named)
	return ok && n.Obj().Pkg() != nil && n.Obj().Pkg().Path() == "k8s.io/apimachinery/pkg/apis/meta/v1" && n.Obj().Name() == "ObjectMeta"
}

// typeRef is a property's type, linking to sections (made on first use)
// and to the Kubernetes reference.
func (b *builder) typeRef(from *Type, home *versionHome, node *apiextensionsv1.JSONSchemaProps, goType types.Type) TypeRef {
	var ref TypeRef
	if goType != nil {
		goType = deref(goType)
	}
	named, _ := goType.(*types.Named)
	switch {
	case named != nil && isExternal(named):
		ref.Name = named.Obj().Name()
		if url := kubernetesLink(named); url != "" {
			ref.Link = &Link{Text: ref.Name, Markdown: url, HTML: url, External: true}
		}
		if node.Type != "object" {
			ref.Schema = schemaType(node)
		}
	case named != nil && isStruct(named) && node.Type == "object" && node.AdditionalProperties == nil:
		s := b.section(named, home, node)
		ref.Name = named.Obj().Name()
		ref.Link = b.linkTo(s, home.page)
		b.usedBy(s, from, home)
	case named != nil && len(node.Enum) > 0 && len(b.enumValues(named)) > 0 && node.Type != "array" && node.Type != "object":
		s := b.enumSection(named, home, node)
		ref.Name = named.Obj().Name()
		ref.Link = b.linkTo(s, home.page)
		ref.Schema = schemaType(node)
		b.usedBy(s, from, home)
	case node.Type == "array" && node.Items != nil && node.Items.Schema != nil:
		elem := b.typeRef(from, home, node.Items.Schema, elemOf(goType))
		ref = elem
		ref.Prefix = "[]" + elem.Prefix
	case node.Type == "object" && node.AdditionalProperties != nil && node.AdditionalProperties.Schema != nil:
		elem := b.typeRef(from, home, node.AdditionalProperties.Schema, elemOf(goType))
		ref = elem
		ref.Prefix = "map[string]" + elem.Prefix
	case node.Type == "object" && len(node.Properties) > 0:
		// An object the Go type does not describe (a field whose type a
		// marker replaced): a section named after the field's place.
		s := b.anonymousSection(from, home, node)
		ref.Name = s.typ.Name
		ref.Link = b.linkTo(s, home.page)
		b.usedBy(s, from, home)
	default:
		ref.Name = schemaType(node)
	}
	ref.Text = ref.Prefix + ref.Name
	if ref.Schema != "" {
		ref.Text += " (" + ref.Schema + ")"
	}
	return ref
}

func elemOf(t types.Type) types.Type {
	if t == nil {
		return nil
	}
	switch u := deref(t).Underlying().(type) {
	case *types.Slice:
		return u.Elem()
	case *types.Array:
		return u.Elem()
	case *types.Map:
		return u.Elem()
	}
	return nil
}

func isStruct(n *types.Named) bool {
	_, ok := n.Underlying().(*types.Struct)
	return ok
}

// isExternal: a Kubernetes type, documented by the Kubernetes API reference.
func isExternal(n *types.Named) bool {
	if n.Obj().Pkg() == nil {
		return false
	}
	path := n.Obj().Pkg().Path()
	return strings.HasPrefix(path, "k8s.io/api/") || strings.HasPrefix(path, "k8s.io/apimachinery/")
}

// kubernetesLink is the anchor of a Kubernetes type in the generated API
// reference: #<type>-<version>-<group> (core for the legacy group, meta for
// meta/v1); "" for types it does not list.
func kubernetesLink(n *types.Named) string {
	path := n.Obj().Pkg().Path()
	name := strings.ToLower(n.Obj().Name())
	var group, version string
	switch {
	case strings.HasPrefix(path, "k8s.io/api/"):
		parts := strings.Split(strings.TrimPrefix(path, "k8s.io/api/"), "/")
		if len(parts) != 2 {
			return ""
		}
		group, version = parts[0], parts[1]
	case strings.HasPrefix(path, "k8s.io/apimachinery/pkg/apis/"):
		parts := strings.Split(strings.TrimPrefix(path, "k8s.io/apimachinery/pkg/apis/"), "/")
		if len(parts) != 2 {
			return ""
		}
		group, version = parts[0], parts[1]
	case path == "k8s.io/apimachinery/pkg/api/resource" && n.Obj().Name() == "Quantity":
		return KubernetesReference + "#quantity-resource-core"
	default:
		return ""
	}
	return KubernetesReference + "#" + name + "-" + version + "-" + group
}

// schemaType names a node's type as the schema gives it.
func schemaType(node *apiextensionsv1.JSONSchemaProps) string {
	switch {
	case node.XIntOrString:
		return "int-or-string"
	case node.Type == "":
		return "any"
	case node.Type == "object" && len(node.Properties) == 0 && node.AdditionalProperties == nil && node.XPreserveUnknownFields != nil && *node.XPreserveUnknownFields:
		return "object (free-form)"
	}
	return node.Type
}

func (b *builder) enumValues(n *types.Named) []openapi.EnumValue {
	if isExternal(n) {
		return nil
	}
	return b.oa.EnumValues(n)
}

// section is the section of a named struct, made and filled on first use.
func (b *builder) section(n *types.Named, reached *versionHome, node *apiextensionsv1.JSONSchemaProps) *section {
	if s, ok := b.sections[n.Obj()]; ok {
		return s
	}
	home := b.homeOf(n, reached)
	t := &Type{Name: n.Obj().Name(), Title: titleOf(n, home), Package: n.Obj().Pkg().Path()}
	t.Description = crd.TruncateDescription(b.oa.TypeDescription(n.Obj()), b.maxDesc)
	s := &section{typ: t, home: home}
	b.sections[n.Obj()] = s
	b.place(t, home)
	b.fields(t, home, node, n)
	return s
}

// enumSection lists an enum type's values with their docs.
func (b *builder) enumSection(n *types.Named, reached *versionHome, node *apiextensionsv1.JSONSchemaProps) *section {
	if s, ok := b.sections[n.Obj()]; ok {
		return s
	}
	home := b.homeOf(n, reached)
	t := &Type{Name: n.Obj().Name(), Title: titleOf(n, home), Package: n.Obj().Pkg().Path()}
	t.Description = crd.TruncateDescription(b.oa.TypeDescription(n.Obj()), b.maxDesc)
	for _, v := range b.enumValues(n) {
		t.Enum = append(t.Enum, EnumValue{Value: v.Value, Name: v.Name, Doc: v.Doc})
	}
	s := &section{typ: t, home: home}
	b.sections[n.Obj()] = s
	b.place(t, home)
	return s
}

// anonymousSection is the section of an object no Go type describes.
func (b *builder) anonymousSection(from *Type, home *versionHome, node *apiextensionsv1.JSONSchemaProps) *section {
	name := from.Name + "Object"
	t := &Type{Name: name, Title: home.version.Name + "." + name, Package: from.Package}
	s := &section{typ: t, home: home}
	b.place(t, home)
	b.fields(t, home, node, nil)
	return s
}

func (b *builder) homeOf(n *types.Named, reached *versionHome) *versionHome {
	if h, ok := b.homes[n.Obj().Pkg()]; ok {
		return h
	}
	return reached
}

// titleOf is a section's heading: version.Type for a type of the version's
// package, else package.Type.
func titleOf(n *types.Named, home *versionHome) string {
	if n.Obj().Pkg().Path() == home.version.Package {
		return home.version.Name + "." + n.Obj().Name()
	}
	return n.Obj().Pkg().Name() + "." + n.Obj().Name()
}

func (b *builder) linkTo(s *section, from *page) *Link {
	l := &Link{Text: s.typ.Name, Markdown: "#" + s.typ.Anchor, HTML: "#" + s.typ.ID}
	if s.home.page != from {
		prefix := ""
		if s.home.page.dir != from.dir {
			rel, _ := filepath.Rel(from.dir, s.home.page.dir)
			prefix = filepath.ToSlash(rel) + "/"
			l.HTML = prefix + HTMLFile + l.HTML
		}
		l.Markdown = prefix + s.home.page.group.File + l.Markdown
	}
	return l
}

func (b *builder) usedBy(s *section, from *Type, home *versionHome) {
	if from == nil || from == s.typ {
		return
	}
	l := Link{Text: from.Title, Markdown: "#" + from.Anchor, HTML: "#" + from.ID}
	if home.page != s.home.page {
		fromLink := b.linkTo(&section{typ: from, home: home}, s.home.page)
		l.Markdown, l.HTML = fromLink.Markdown, fromLink.HTML
	}
	for _, u := range s.typ.UsedBy {
		if u == l {
			return
		}
	}
	s.typ.UsedBy = append(s.typ.UsedBy, l)
}

// own collects a node's validation keywords, rules and enum values, and
// those of its items and values (at "items", "values"), not its properties.
func (b *builder) own(vals *[]Validation, rules *[]Rule, enum *[]EnumValue, node *apiextensionsv1.JSONSchemaProps, goType types.Type, path string) {
	add := func(keyword, value string) {
		*vals = append(*vals, Validation{Path: path, Keyword: keyword, Value: value})
	}
	if node.Format != "" {
		add("format", node.Format)
	}
	if node.Minimum != nil {
		add("minimum", number(*node.Minimum))
	}
	if node.ExclusiveMinimum {
		add("exclusiveMinimum", "true")
	}
	if node.Maximum != nil {
		add("maximum", number(*node.Maximum))
	}
	if node.ExclusiveMaximum {
		add("exclusiveMaximum", "true")
	}
	if node.MultipleOf != nil {
		add("multipleOf", number(*node.MultipleOf))
	}
	if node.MinLength != nil {
		add("minLength", strconv.FormatInt(*node.MinLength, 10))
	}
	if node.MaxLength != nil {
		add("maxLength", strconv.FormatInt(*node.MaxLength, 10))
	}
	if node.Pattern != "" {
		add("pattern", node.Pattern)
	}
	if node.MinItems != nil {
		add("minItems", strconv.FormatInt(*node.MinItems, 10))
	}
	if node.MaxItems != nil {
		add("maxItems", strconv.FormatInt(*node.MaxItems, 10))
	}
	if node.UniqueItems {
		add("uniqueItems", "true")
	}
	if node.MinProperties != nil {
		add("minProperties", strconv.FormatInt(*node.MinProperties, 10))
	}
	if node.MaxProperties != nil {
		add("maxProperties", strconv.FormatInt(*node.MaxProperties, 10))
	}
	if node.Nullable {
		add("nullable", "true")
	}
	if node.XListType != nil {
		add("x-kubernetes-list-type", *node.XListType)
	}
	if len(node.XListMapKeys) > 0 {
		add("x-kubernetes-list-map-keys", strings.Join(node.XListMapKeys, ", "))
	}
	if node.XMapType != nil {
		add("x-kubernetes-map-type", *node.XMapType)
	}
	if node.XPreserveUnknownFields != nil && *node.XPreserveUnknownFields {
		add("x-kubernetes-preserve-unknown-fields", "true")
	}
	if node.XEmbeddedResource {
		add("x-kubernetes-embedded-resource", "true")
	}
	if node.XIntOrString {
		add("x-kubernetes-int-or-string", "true")
	}
	for _, kw := range []struct {
		name string
		list []apiextensionsv1.JSONSchemaProps
	}{{"allOf", node.AllOf}, {"anyOf", node.AnyOf}, {"oneOf", node.OneOf}} {
		if len(kw.list) == 0 || kw.name == "anyOf" && node.XIntOrString && isIntOrStringAnyOf(kw.list) {
			continue
		}
		data, _ := json.Marshal(kw.list)
		add(kw.name, string(data))
	}
	if node.Not != nil {
		data, _ := json.Marshal(node.Not)
		add("not", string(data))
	}
	if len(node.Enum) > 0 {
		var docs map[string]openapi.EnumValue
		if n, ok := deref(orNil(goType)).(*types.Named); ok {
			docs = map[string]openapi.EnumValue{}
			for _, v := range b.enumValues(n) {
				docs[v.Value] = v
			}
		}
		for _, raw := range node.Enum {
			v := EnumValue{Path: path, Value: string(raw.Raw)}
			var s string
			if json.Unmarshal(raw.Raw, &s) == nil {
				v.Value = s
				if d, ok := docs[s]; ok {
					v.Name, v.Doc = d.Name, d.Doc
				}
			}
			*enum = append(*enum, v)
		}
	}
	for _, r := range node.XValidations {
		rule := Rule{Path: path, Rule: r.Rule, Message: r.Message, MessageExpression: r.MessageExpression, FieldPath: r.FieldPath}
		if r.Reason != nil {
			rule.Reason = string(*r.Reason)
		}
		if r.OptionalOldSelf != nil {
			rule.OptionalOldSelf = *r.OptionalOldSelf
		}
		*rules = append(*rules, rule)
	}
	if node.Items != nil && node.Items.Schema != nil {
		b.own(vals, rules, enum, node.Items.Schema, elemOf(goType), join(path, "items"))
	}
	if node.AdditionalProperties != nil && node.AdditionalProperties.Schema != nil {
		b.own(vals, rules, enum, node.AdditionalProperties.Schema, elemOf(goType), join(path, "values"))
	}
}

func orNil(t types.Type) types.Type {
	if t == nil {
		return types.Typ[types.Invalid]
	}
	return t
}

func isIntOrStringAnyOf(list []apiextensionsv1.JSONSchemaProps) bool {
	if len(list) != 2 {
		return false
	}
	types := []string{list[0].Type, list[1].Type}
	slices.Sort(types)
	return types[0] == "integer" && types[1] == "string"
}

func join(path, child string) string {
	if path == "" {
		return child
	}
	return path + "." + child
}

func number(f float64) string { return strconv.FormatFloat(f, 'f', -1, 64) }

// slug is the anchor GitHub, Hugo (goldmark's github style) and MkDocs give
// a heading: lower case, punctuation dropped, spaces to hyphens.
func slug(title string) string {
	var sb strings.Builder
	for _, r := range strings.ToLower(title) {
		switch {
		case unicode.IsLetter(r) || unicode.IsDigit(r) || r == '_' || r == '-':
			sb.WriteRune(r)
		case r == ' ':
			sb.WriteByte('-')
		}
	}
	return sb.String()
}
