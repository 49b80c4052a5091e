package compat

import (
	"encoding/json"
	"fmt"
	"github.com/metagen-dev/metagen/generators/markers"
	"go/token"
	"go/types"
	"maps"
	"reflect"
	"runtime"
	"slices"
	"sort"
	"strings"
	"sync"

	"k8s.io/kube-openapi/pkg/validation/spec"

	"github.com/metagen-dev/metagen/generators/model"
)

// Finding is one difference between two revisions of an API.
type Finding struct {
	Breaking bool   `json:"breaking"`
	Rule     string `json:"rule"` // a stable code, e.g. "field-removed"
	Kind     string `json:"kind"` // "group/version, Kind=Name"
	Path     string `json:"path,omitempty"`
	Message  string `json:"message"`
	// Ratcheting says, for tightened validation, which existing objects
	// survive updates on kube-apiserver 1.37.
	Ratcheting string         `json:"ratcheting,omitempty"`
	New        token.Position `json:"-"`
	Old        token.Position `json:"-"`
	// AlsoIn counts the other kinds that reach the same declaration.
	AlsoIn int `json:"alsoIn,omitempty"`
	// FeatureGate is set under a field marked +featureGate: an alpha
	// field carries no compatibility promise (api_changes.md), and whether
	// the gate is alpha is not in the API's source.
	FeatureGate string `json:"featureGate,omitempty"`
}

// Compare lists what changed from old to new, breaking findings first, then
// by position; the same change reached from several kinds is reported once.
func Compare(old, new *API) []Finding {
	c := &comparer{old: old, new: new}
	c.kinds()
	return dedupe(c.findings)
}

type comparer struct {
	old, new *API
	findings []Finding
	kind     string
	ok, nk   *Kind // the kinds being compared
}

func (c *comparer) add(f Finding) {
	f.Kind = c.kind
	c.findings = append(c.findings, f)
}

// kinds matches kinds by group, version and name, then compares versions
// and storage per group and kind. Each old kind gets a comparer of its own,
// and the pairs are compared on all cores; their findings are joined in the
// order of the old kinds, as one comparer would have listed them.
func (c *comparer) kinds() {
	newByKey := map[string]*Kind{}
	newGV := map[string]bool{}
	for _, k := range c.new.Kinds {
		newByKey[kindKey(k)] = k
		newGV[k.GroupVersion()] = true
	}
	oldByKey := map[string]*Kind{}
	goneGV := map[string]bool{}
	perKind := make([]*comparer, len(c.old.Kinds))
	limit := make(chan struct{}, runtime.GOMAXPROCS(0))
	var wg sync.WaitGroup
	for i, ok := range c.old.Kinds {
		oldByKey[kindKey(ok)] = ok
		k := &comparer{old: c.old, new: c.new, kind: ok.String()}
		perKind[i] = k
		nk := newByKey[kindKey(ok)]
		switch {
		case ok.Err != nil || nk != nil && nk.Err != nil:
			// not comparable: Result.Skipped says so
		case nk == nil && !newGV[ok.GroupVersion()]:
			if !goneGV[ok.GroupVersion()] {
				goneGV[ok.GroupVersion()] = true
				k.add(Finding{Breaking: true, Rule: "version-removed", Old: ok.Type.Pos,
					Message: fmt.Sprintf("version %s is no longer served: clients of it break, and objects stored in it can no longer be read%s", ok.GroupVersion(), lifetime(ok.Version))})
			}
		case nk == nil:
			k.add(Finding{Breaking: true, Rule: "kind-removed", Old: ok.Type.Pos,
				Message: fmt.Sprintf("kind %s is gone from %s", ok.Name, ok.GroupVersion())})
		default:
			wg.Add(1)
			limit <- struct{}{}
			go func() {
				defer func() { <-limit; wg.Done() }()
				k.kindPair(ok, nk)
			}()
		}
	}
	wg.Wait()
	for _, k := range perKind {
		c.findings = append(c.findings, k.findings...)
	}
	for _, nk := range c.new.Kinds {
		if oldByKey[kindKey(nk)] == nil && nk.Err == nil {
			c.kind = nk.String()
			c.add(Finding{Rule: "kind-added", New: nk.Type.Pos, Message: fmt.Sprintf("new kind %s in %s", nk.Name, nk.GroupVersion())})
		}
	}
	c.storage()
}

// lifetime quotes the deprecation policy's rule for prerelease versions.
func lifetime(version string) string {
	switch {
	case strings.Contains(version, "alpha"):
		return " (the deprecation policy lets an alpha version go in any release)"
	case strings.Contains(version, "beta"):
		return " (the deprecation policy wants a beta version deprecated for 9 months or 3 releases first)"
	}
	return ""
}

func (c *comparer) kindPair(ok, nk *Kind) {
	c.ok, c.nk = ok, nk
	switch {
	case ok.Served && !nk.Served:
		c.add(Finding{Breaking: true, Rule: "version-unserved", New: nk.Type.Pos, Old: ok.Type.Pos,
			Message: fmt.Sprintf("%s is no longer served (+%s)", nk.GroupVersion(), markers.KBUnservedVersion)})
	case !ok.Served && nk.Served:
		c.add(Finding{Rule: "version-served", New: nk.Type.Pos, Old: ok.Type.Pos, Message: nk.GroupVersion() + " is served now"})
	}
	if !ok.Deprecated && nk.Deprecated {
		c.add(Finding{Rule: "version-deprecated", New: nk.Type.Pos, Old: ok.Type.Pos, Message: nk.GroupVersion() + " is deprecated"})
	}
	if ok.Namespaced != nk.Namespaced {
		c.add(Finding{Breaking: true, Rule: "scope-changed", New: nk.Type.Pos, Old: ok.Type.Pos,
			Message: fmt.Sprintf("scope changed from %s to %s: every URL and stored key of the kind changes", scope(ok), scope(nk))})
	}
	c.columns(ok, nk)
	c.node(ok.Schema, nk.Schema, nodeCtx{})
}

func scope(k *Kind) string {
	if k.Namespaced {
		return "Namespaced"
	}
	return "Cluster"
}

// columns: a printer column whose JSONPath is gone breaks scripts that read
// kubectl get's output.
func (c *comparer) columns(ok, nk *Kind) {
	have := map[string]bool{}
	for _, col := range nk.Columns {
		have[col.JSONPath] = true
	}
	had := map[string]bool{}
	for _, col := range ok.Columns {
		had[col.JSONPath] = true
		if !have[col.JSONPath] {
			c.add(Finding{Breaking: true, Rule: "printer-column-removed", New: nk.Type.Pos, Old: col.Pos,
				Message: fmt.Sprintf("printer column %q (JSONPath %s) is gone", col.Name, col.JSONPath)})
		}
	}
	for _, col := range nk.Columns {
		if !had[col.JSONPath] {
			c.add(Finding{Rule: "printer-column-added", New: col.Pos, Message: fmt.Sprintf("new printer column %q (JSONPath %s)", col.Name, col.JSONPath)})
		}
	}
}

// storage: objects are stored in one version; moving it is safe only with
// a conversion path, or when the two versions' schemas are the same.
func (c *comparer) storage() {
	storageOf := func(api *API) map[string]*Kind {
		out := map[string]*Kind{}
		for _, k := range api.Kinds {
			if k.Storage {
				out[k.Group+"/"+k.Name] = k
			}
		}
		return out
	}
	oldStorage, newStorage := storageOf(c.old), storageOf(c.new)
	newByKey := map[string]*Kind{}
	for _, k := range c.new.Kinds {
		newByKey[kindKey(k)] = k
	}
	for _, key := range slices.Sorted(maps.Keys(oldStorage)) {
		os, ns := oldStorage[key], newStorage[key]
		if ns == nil || os.Version == ns.Version {
			continue
		}
		c.kind = ns.String()
		moved := fmt.Sprintf("storage version of %s.%s moved from %s to %s", ns.Name, ns.Group, os.Version, ns.Version)
		formerly := newByKey[kindKey(os)]
		switch {
		case formerly == nil:
			c.add(Finding{Breaking: true, Rule: "storage-version-moved", New: ns.Type.Pos, Old: os.Type.Pos,
				Message: moved + ", and " + os.Version + " is gone: objects stored in it can no longer be read"})
		case ns.Hub && formerly.Convertible || formerly.Hub && ns.Convertible:
			c.add(Finding{Rule: "storage-version-moved", New: ns.Type.Pos, Old: os.Type.Pos, Message: moved + ", with a conversion (Hub/Convertible)"})
		case sameShape(ns.Schema, formerly.Schema):
			c.add(Finding{Rule: "storage-version-moved", New: ns.Type.Pos, Old: os.Type.Pos, Message: moved + "; the two schemas hold the same fields, so conversion None loses nothing (stored objects are not validated again on read)"})
		default:
			c.add(Finding{Breaking: true, Rule: "storage-version-moved", New: ns.Type.Pos, Old: os.Type.Pos,
				Message: moved + " without a conversion path: the schemas differ and neither version converts (Hub/Convertible); conversion None prunes what " + os.Version + " objects hold"})
		}
	}
}

// sameShape compares what two schemas keep of an object: fields, types,
// pruning and defaults, not descriptions or value checks, which conversion
// None neither needs nor applies to stored objects.
func sameShape(a, b *spec.Schema) bool {
	return reflect.DeepEqual(shapeOf(a), shapeOf(b))
}

// checkKeywords are the schema keywords that only check values.
var checkKeywords = []string{
	"description", "maximum", "minimum", "exclusiveMaximum", "exclusiveMinimum", "maxLength", "minLength",
	"maxItems", "minItems", "maxProperties", "minProperties", "pattern", "enum", "multipleOf", "uniqueItems",
	"x-kubernetes-validations", "required", "example", "title", "externalDocs",
}

func shapeOf(s *spec.Schema) any {
	data, _ := json.Marshal(s)
	var v any
	_ = json.Unmarshal(data, &v)
	var strip func(any)
	strip = func(v any) {
		switch v := v.(type) {
		case map[string]any:
			for _, key := range checkKeywords {
				delete(v, key)
			}
			if v["type"] == "string" {
				delete(v, "format")
			}
			for _, child := range v {
				strip(child)
			}
		case []any:
			for _, child := range v {
				strip(child)
			}
		}
	}
	strip(v)
	return v
}

// nodeCtx says where a schema node sits.
type nodeCtx struct {
	origin  string // the path in openapi.Expanded's form
	display string // the field path users write: spec.ports[*].port
	// atomicList is the display path of the nearest enclosing list whose
	// items ratcheting cannot correlate (atomic or set), if any.
	atomicList string
	// mapKeys are the list-map keys, at the items of a listType=map list.
	mapKeys []string
	// gate is the feature gate (+featureGate) of the nearest gated field.
	gate string
}

func (n nodeCtx) property(name string) nodeCtx {
	origin := "properties[" + name + "]"
	if n.origin != "" {
		origin = n.origin + "." + origin
	}
	display := name
	if n.display != "" {
		display = n.display + "." + name
	}
	return nodeCtx{origin: origin, display: display, atomicList: n.atomicList, gate: n.gate}
}

func (n nodeCtx) child(suffix string) nodeCtx {
	origin := suffix
	if n.origin != "" {
		origin = n.origin + "." + suffix
	}
	return nodeCtx{origin: origin, display: n.display + "[*]", atomicList: n.atomicList, gate: n.gate}
}

// positions: where the node is declared in each revision; a node gone from
// one side is placed at its nearest declared ancestor there.
func (c *comparer) positions(at nodeCtx) (newPos, oldPos token.Position) {
	return nearest(c.nk.Origins, at.origin, c.nk.Type.Pos), nearest(c.ok.Origins, at.origin, c.ok.Type.Pos)
}

func nearest(origins map[string]token.Position, path string, fallback token.Position) token.Position {
	for {
		if pos, ok := origins[path]; ok {
			return pos
		}
		i := strings.LastIndex(path, ".")
		if i < 0 {
			return fallback
		}
		path = path[:i]
	}
}

func (c *comparer) report(at nodeCtx, breaking bool, rule, format string, args ...any) *Finding {
	newPos, oldPos := c.positions(at)
	c.add(Finding{Breaking: breaking, Rule: rule, Path: at.display, New: newPos, Old: oldPos, Message: fmt.Sprintf(format, args...), FeatureGate: at.gate})
	return &c.findings[len(c.findings)-1]
}

// node compares one schema node and recurses into its children.
func (c *comparer) node(o, n *spec.Schema, at nodeCtx) {
	if typeName(o) != typeName(n) {
		c.report(at, true, "type-changed", "type changed from %s to %s", typeName(o), typeName(n)).Ratcheting =
			"stored objects keep the old form: reads that decode them into the new type fail"
		return
	}
	c.validation(o, n, at)
	c.semantics(o, n, at)
	c.rules(o, n, at)
	c.properties(o, n, at)
	if o.Items != nil && n.Items != nil && o.Items.Schema != nil && n.Items.Schema != nil {
		items := at.child("items")
		if lt := listType(n); lt != "map" && items.atomicList == "" {
			items.atomicList = at.display
		} else if lt == "map" {
			items.mapKeys = listMapKeys(n)
		}
		c.node(o.Items.Schema, n.Items.Schema, items)
	}
	if o.AdditionalProperties != nil && n.AdditionalProperties != nil && o.AdditionalProperties.Schema != nil && n.AdditionalProperties.Schema != nil {
		c.node(o.AdditionalProperties.Schema, n.AdditionalProperties.Schema, at.child("additionalProperties"))
	}
}

// typeName is the JSON type a node accepts, with the formats that change
// the Go type of an integer or number.
func typeName(s *spec.Schema) string {
	if intOrString, _ := s.Extensions.GetBool("x-kubernetes-int-or-string"); intOrString {
		return "int-or-string"
	}
	if len(s.Type) == 0 {
		if s.Extensions["x-kubernetes-preserve-unknown-fields"] == true {
			return "any"
		}
		return "untyped"
	}
	name := strings.Join(s.Type, "|")
	if (name == "integer" || name == "number") && s.Format != "" {
		name += " (" + s.Format + ")"
	}
	if name == "object" && s.AdditionalProperties != nil && s.Properties == nil {
		name = "map"
	}
	if _, ok := s.Extensions["x-kubernetes-embedded-resource"]; ok {
		name += " (embedded resource)"
	}
	return name
}

func listType(s *spec.Schema) string {
	if v, ok := s.Extensions.GetString("x-kubernetes-list-type"); ok {
		return v
	}
	return "atomic"
}

func mapType(s *spec.Schema) string {
	if v, ok := s.Extensions.GetString("x-kubernetes-map-type"); ok {
		return v
	}
	return "granular"
}

func listMapKeys(s *spec.Schema) []string {
	var keys []string
	switch v := s.Extensions["x-kubernetes-list-map-keys"].(type) {
	case []string:
		keys = v
	case []any:
		for _, k := range v {
			keys = append(keys, fmt.Sprint(k))
		}
	}
	return keys
}

// semantics: list and map types, nullability, pruning, defaults.
func (c *comparer) semantics(o, n *spec.Schema, at nodeCtx) {
	if len(n.Type) == 1 && n.Type[0] == "array" && listType(o) != listType(n) {
		c.report(at, true, "list-type-changed", "x-kubernetes-list-type changed from %s to %s: server-side apply merges the list differently", listType(o), listType(n))
	} else if listType(n) == "map" && !slices.Equal(listMapKeys(o), listMapKeys(n)) {
		c.report(at, true, "list-map-keys-changed", "x-kubernetes-list-map-keys changed from %v to %v: items are identified differently", listMapKeys(o), listMapKeys(n))
	}
	if len(n.Type) == 1 && n.Type[0] == "object" && mapType(o) != mapType(n) {
		what := markers.MapType
		if n.Properties != nil {
			what = markers.StructType
		}
		c.report(at, true, "map-type-changed", "%s (x-kubernetes-map-type) changed from %s to %s: server-side apply owns the value differently", what, mapType(o), mapType(n))
	}
	if o.Nullable && !n.Nullable {
		c.report(at, true, "nullable-removed", "null is no longer accepted").Ratcheting = ratchet(at)
	} else if !o.Nullable && n.Nullable {
		c.report(at, false, "nullable-added", "null is accepted now")
	}
	op, np := o.Extensions["x-kubernetes-preserve-unknown-fields"] == true, n.Extensions["x-kubernetes-preserve-unknown-fields"] == true
	switch {
	case op && !np:
		c.report(at, true, "preserve-unknown-fields-removed", "unknown fields are pruned now: what clients stored there is dropped")
	case !op && np:
		c.report(at, false, "preserve-unknown-fields-added", "unknown fields are kept now")
	}
	switch {
	case o.Default == nil && n.Default != nil:
		c.report(at, false, "default-added", "default %s added: objects stored without the field read back with it", jsonText(n.Default))
	case o.Default != nil && n.Default == nil:
		c.report(at, true, "default-removed", "default %s removed: objects created without the field no longer get it", jsonText(o.Default))
	case o.Default != nil && !reflect.DeepEqual(normalize(o.Default), normalize(n.Default)):
		c.report(at, true, "default-changed", "default changed from %s to %s: objects stored without the field read back differently", jsonText(o.Default), jsonText(n.Default))
	}
	if !deprecated(o.Description) && deprecated(n.Description) {
		c.report(at, false, "deprecated", "deprecated")
	}
}

func deprecated(doc string) bool {
	return strings.HasPrefix(doc, "Deprecated") || strings.Contains(doc, "\nDeprecated") || strings.Contains(doc, ". Deprecated:") || strings.Contains(doc, "DEPRECATED")
}

func jsonText(v any) string {
	data, err := json.Marshal(v)
	if err != nil {
		return fmt.Sprint(v)
	}
	return string(data)
}

// normalize compares defaults by JSON value: 1 and 1.0 are one default.
func normalize(v any) any {
	data, _ := json.Marshal(v)
	var out any
	_ = json.Unmarshal(data, &out)
	return out
}

// ratchet says which existing objects survive an update under CRD
// validation ratcheting (GA since 1.33; declarative validation ratchets
// unchanged values the same way): an error on a value equal to the old one
// is dropped, where old and new can be correlated — object fields, map
// values and items of listType=map lists, but not items of atomic or set lists.
func ratchet(at nodeCtx) string {
	if at.atomicList != "" {
		return fmt.Sprintf("ratcheting: existing objects that violate it survive updates only while the whole list %s stays unchanged (items of atomic and set lists are not correlated); creates fail", at.atomicList)
	}
	return fmt.Sprintf("ratcheting: existing objects that violate it survive updates that leave %s unchanged; creates, and updates that change it, fail", orRoot(at.display))
}

func orRoot(path string) string {
	if path == "" {
		return "the object"
	}
	return path
}

// parent is the display path of the object holding a property.
func parent(at nodeCtx) string {
	if i := strings.LastIndex(at.display, "."); i >= 0 {
		return at.display[:i]
	}
	return ""
}

// properties: removed, renamed, added and newly required fields.
func (c *comparer) properties(o, n *spec.Schema, at nodeCtx) {
	oldRequired, newRequired := set(o.Required), set(n.Required)
	var removed, added []string
	for _, name := range slices.Sorted(maps.Keys(o.Properties)) {
		if _, ok := n.Properties[name]; !ok {
			removed = append(removed, name)
		}
	}
	for _, name := range slices.Sorted(maps.Keys(n.Properties)) {
		if _, ok := o.Properties[name]; !ok {
			added = append(added, name)
		}
	}
	renamedTo := c.renames(at, removed, added)
	for _, name := range removed {
		field := at.property(name)
		if gate := featureGate(nil, c.old.field(c.ok, field.origin)); gate != "" {
			field.gate = gate
		}
		if to, ok := renamedTo[name]; ok {
			f := c.report(field, true, "json-name-changed", "JSON name changed from %s to %s: clients send and read the old name", name, to)
			f.New, _ = c.positions(at.property(to))
			continue
		}
		if n.Extensions["x-kubernetes-preserve-unknown-fields"] == true {
			c.report(field, true, "field-removed", "field removed (kept as an unknown field, but no longer validated or documented)")
			continue
		}
		c.report(field, true, "field-removed", "field removed: clients that set it lose it, and stored values are pruned on the next write")
	}
	renamed := map[string]bool{}
	for _, to := range renamedTo {
		renamed[to] = true
	}
	for _, name := range added {
		if renamed[name] {
			continue
		}
		field := at.property(name)
		if gate := featureGate(c.new.field(c.nk, field.origin), nil); gate != "" {
			field.gate = gate
		}
		p := n.Properties[name]
		switch {
		case newRequired[name] && p.Default == nil:
			c.report(field, true, "required-field-added", "new required field without a default: requests of existing clients lack it").Ratcheting =
				fmt.Sprintf("ratcheting: existing objects survive only updates that leave %s entirely unchanged; creates fail", orRoot(parent(field)))
		case newRequired[name]:
			c.report(field, false, "field-added", "new required field, with a default")
		default:
			c.report(field, false, "field-added", "new optional field")
		}
	}
	for _, name := range slices.Sorted(maps.Keys(n.Properties)) {
		if _, ok := o.Properties[name]; !ok {
			continue
		}
		field := at.property(name)
		nf, of := c.new.field(c.nk, field.origin), c.old.field(c.ok, field.origin)
		if gate := featureGate(nf, of); gate != "" {
			field.gate = gate
		}
		switch {
		case !oldRequired[name] && newRequired[name] && slices.Contains(at.mapKeys, name):
			c.report(field, false, "optional-to-required", "marked required: as a key of the list-map it was required already")
		case !oldRequired[name] && newRequired[name] && c.nk.Typed && alwaysSerialized(nf):
			c.report(field, false, "optional-to-required", "marked required: the Go type always serializes it, so stored objects and Go clients have it")
		case !oldRequired[name] && newRequired[name] && n.Properties[name].Default == nil:
			c.report(field, true, "optional-to-required", "optional field became required").Ratcheting =
				fmt.Sprintf("ratcheting: existing objects without it survive only updates that leave %s entirely unchanged; creates fail", orRoot(parent(field)))
		case !oldRequired[name] && newRequired[name]:
			c.report(field, false, "optional-to-required", "field became required, with a default that fills it in")
		case oldRequired[name] && !newRequired[name]:
			c.report(field, false, "required-to-optional", "required field became optional: clients may now see it unset")
		}
		op, np := o.Properties[name], n.Properties[name]
		c.node(&op, &np, field)
		if nf != nil {
			c.updateRules(updateRules(of), updateRules(nf), field)
		}
	}
}

// featureGate is the +featureGate of a field in either revision, or
// gateway-api's <gateway:experimental>: a field of the experimental channel.
func featureGate(fields ...*model.Field) string {
	for _, f := range fields {
		if f == nil {
			continue
		}
		if m, ok := markers.FeatureGate.Marker(f.Markers); ok {
			return m.Value
		}
		if strings.Contains(f.Doc, experimentalChannel) {
			return experimentalChannel
		}
	}
	return ""
}

// experimentalChannel marks gateway-api's experimental fields, which its
// standard-channel CRDs leave out.
const experimentalChannel = "<gateway:experimental>"

// alwaysSerialized: encoding/json writes the field whatever its value (a
// struct without omitzero, a scalar without omitempty), so a Go API server,
// which decodes every request into the types, stores it on every object.
func alwaysSerialized(f *model.Field) bool {
	if f == nil || f.OmitZero {
		return false
	}
	switch t := f.Type().Underlying().(type) {
	case *types.Struct:
		return true
	case *types.Basic:
		return !f.OmitEmpty && t.Info()&types.IsUntyped == 0
	}
	return false
}

// renames pairs a removed and an added property declared by the same Go
// field: a JSON name change.
func (c *comparer) renames(at nodeCtx, removed, added []string) map[string]string {
	out := map[string]string{}
	for _, from := range removed {
		of := c.old.field(c.ok, at.property(from).origin)
		if of == nil {
			continue
		}
		for _, to := range added {
			if nf := c.new.field(c.nk, at.property(to).origin); nf != nil && nf.GoName == of.GoName {
				out[from] = to
			}
		}
	}
	return out
}

// updateRules: declarative validation's +k8s:update restrictions.
func (c *comparer) updateRules(o, n []string, at nodeCtx) {
	had := set(o)
	for _, rule := range n {
		if !had[rule] {
			c.report(at, true, "immutability-added", markers.K8sUpdate.Tag()+"=%s added: updates clients make today are refused", rule).Ratcheting =
				"not ratcheted: update rules compare with the old object on every update"
		}
	}
}

func set(values []string) map[string]bool {
	out := map[string]bool{}
	for _, v := range values {
		out[v] = true
	}
	return out
}

// sortFindings: breaking first, then by new position, old position, rule.
func sortFindings(fs []Finding) {
	sort.SliceStable(fs, func(i, j int) bool {
		a, b := fs[i], fs[j]
		if a.Breaking != b.Breaking {
			return a.Breaking
		}
		if a.New.Filename != b.New.Filename {
			return a.New.Filename < b.New.Filename
		}
		if a.New.Line != b.New.Line {
			return a.New.Line < b.New.Line
		}
		if a.Old.Filename != b.Old.Filename {
			return a.Old.Filename < b.Old.Filename
		}
		if a.Old.Line != b.Old.Line {
			return a.Old.Line < b.Old.Line
		}
		if a.Rule != b.Rule {
			return a.Rule < b.Rule
		}
		if a.Kind != b.Kind {
			return a.Kind < b.Kind
		}
		return a.Path < b.Path
	})
}

// dedupe keeps one finding per rule, declaration and message: a change to
// a shared type (PodSpec) reached from many kinds is one change.
func dedupe(fs []Finding) []Finding {
	sort.SliceStable(fs, func(i, j int) bool { return fs[i].Kind < fs[j].Kind })
	type key struct {
		rule, message string
		newPos, old   token.Position
	}
	index := map[key]int{}
	var out []Finding
	for _, f := range fs {
		k := key{f.Rule, f.Message, f.New, f.Old}
		if f.Old.IsValid() && f.New.IsValid() && (strings.HasSuffix(f.Rule, "-removed") || f.Rule == "json-name-changed") {
			k.newPos = token.Position{} // a removed field is placed at its parent, which differs per kind
		}
		if i, seen := index[k]; seen {
			out[i].AlsoIn++
			continue
		}
		index[k] = len(out)
		out = append(out, f)
	}
	sortFindings(out)
	return out
}
