package docs

// The data model the templates execute over. markdown.tmpl runs once per
// API group with a *Page, html.tmpl once per docs directory with a *Site.
// Everything is computed before a template runs: lists are sorted, links
// are resolved, descriptions are the CRD's own text. docs/docs.md documents
// every field; keep the two in step.

// Site is every group whose reference goes to one docs directory.
type Site struct {
	// Title is the HTML reference's title ("API reference").
	Title string
	// Groups are sorted by name.
	Groups []*Group
	// KubernetesReference is the base URL the Kubernetes types link to
	// (the generated API reference of the Kubernetes release metagen is
	// built with).
	KubernetesReference string
}

// Page is one group's Markdown page.
type Page struct {
	Group *Group
	Site  *Site
}

// Group is one API group: one Markdown page, a section per version.
type Group struct {
	Name string // widgets.example.com
	// File is the Markdown page's file name in the docs directory
	// (<group>.md); ID the group's id in the HTML reference.
	File, ID string
	// Versions are sorted by Kubernetes version priority, highest first.
	Versions []*Version
}

// Version is one version of a group: its kinds, then the other types its
// package declares that the kinds use.
type Version struct {
	Name         string // v1
	GroupVersion string // widgets.example.com/v1
	// Package is the Go import path of the version's package.
	Package string
	// Anchor is the version's heading on the group's page; ID its id in
	// the HTML reference.
	Anchor, ID string
	// Kinds are sorted by name; Types (not the kinds' root types) in the
	// order the kinds' fields first reach them.
	Kinds []*Kind
	Types []*Type
}

// Kind is one version of a resource: what its CRD says of it.
type Kind struct {
	Name, Group, Version, GroupVersion string
	// Scope is Namespaced or Cluster.
	Scope                      string
	Plural, Singular, ListKind string
	ShortNames, Categories     []string
	// Served, Storage, Deprecated and DeprecationWarning are this
	// version's; Versions lists every version of the CRD.
	Served, Storage, Deprecated bool
	DeprecationWarning          string
	Versions                    []KindVersion
	Subresources                Subresources
	PrinterColumns              []PrinterColumn
	SelectableFields            []string
	// Example is a minimal YAML object: apiVersion, kind, a name, and the
	// fields that are required or defaulted, with their defaults (else the
	// first enum value, the minimum, or a placeholder).
	Example string
	// CRD is the path of the CRD manifest, relative to the docs directory.
	CRD string
	// Type is the kind's root type: its description, fields and the
	// validation of the object as a whole.
	Type *Type
}

// KindVersion is one version of a kind's CRD, with a link to its section.
type KindVersion struct {
	Name                        string
	Served, Storage, Deprecated bool
	DeprecationWarning          string
	Link                        Link
}

// Subresources are the CRD version's subresources.
type Subresources struct {
	Status bool
	Scale  *Scale
}

// Scale is the scale subresource's paths.
type Scale struct {
	SpecReplicasPath, StatusReplicasPath, LabelSelectorPath string
}

// PrinterColumn is one additional printer column (kubectl get).
type PrinterColumn struct {
	Name, Type, Format, JSONPath, Description string
	Priority                                  int32
}

// Type is a Go type with a section of its own: a kind's root type, a struct
// the kinds' fields reach, or an enum type.
type Type struct {
	// Name is the Go name; Title the section's heading ("v1.WidgetSpec").
	Name, Title string
	// Package is the Go import path.
	Package string
	// Anchor is the heading's anchor on its group's page, ID its id in the
	// HTML reference.
	Anchor, ID string
	// Description is the type's own (a field's description replaces it
	// inside a CRD schema), cut as the CRD's are.
	Description string
	// Kind is set for a kind's root type.
	Kind *Kind
	// Fields are in declaration order (embedded structs' fields in place).
	Fields []*Field
	// Validations, Rules and Enum are the object's own (a kind's root) or,
	// for an enum type, its values with their docs.
	Validations []Validation
	Rules       []Rule
	Enum        []EnumValue
	// UsedBy are the types whose fields refer to this one, in order.
	UsedBy []Link
}

// Field is one property of an object: one row of its type's table.
type Field struct {
	// Name is the JSON name, GoName the Go field's ("" when the schema has
	// a property the Go struct does not declare).
	Name, GoName string
	Type         TypeRef
	Required     bool
	// Default is the JSON of the CRD's default, "" for none.
	Default string
	// Description is the CRD's description of the property.
	Description string
	// Validations are every validation keyword of the property and of its
	// items and values (Path "items", "values", "items.items", …), in a
	// fixed order; Rules its CEL rules (x-kubernetes-validations), Enum its
	// allowed values with each value's doc where a +enum or +k8s:enum
	// constant gives one.
	Validations []Validation
	Rules       []Rule
	Enum        []EnumValue
	// Immutable: a rule forbids changes (self == oldSelf).
	Immutable bool
}

// TypeRef is a field's type: Prefix ([]… , map[string]…) and Name, linked
// when the type has a section (on this page, another group's page) or is a
// Kubernetes type (the Kubernetes API reference). Schema is the schema's
// type beside a Go name that does not say it ("string" for an enum type),
// else "". Text is the whole, plain.
type TypeRef struct {
	Text, Prefix, Name, Schema string
	Link                       *Link
}

// Link is where a name leads: Markdown is for a group's page (#anchor,
// other.md#anchor or a URL), HTML for the HTML reference (#id or a URL).
type Link struct {
	Text           string
	Markdown, HTML string
	External       bool
}

// Validation is one validation keyword of a schema: Keyword as the CRD
// spells it (maxLength, pattern, x-kubernetes-list-type, …), Value its
// value as text, Path where under the field it applies ("" for the field
// itself).
type Validation struct {
	Path, Keyword, Value string
}

// Rule is one CEL rule of x-kubernetes-validations, with Path as for
// Validation.
type Rule struct {
	Path, Rule, Message, MessageExpression, Reason, FieldPath string
	OptionalOldSelf                                           bool
}

// EnumValue is an allowed value: Value as JSON text (a string unquoted),
// Name and Doc of the Go constant that declares it, when one does; Path as
// for Validation.
type EnumValue struct {
	Path, Value, Name, Doc string
}
