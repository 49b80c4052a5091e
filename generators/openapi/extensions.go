package openapi

import (
	"go/types"
	"sort"

	"github.com/metagen-dev/metagen/generators/diag"
	"github.com/metagen-dev/metagen/generators/markers"
	"github.com/metagen-dev/metagen/generators/model"
)

// idlTags are the markers openapi-gen turns into vendor extensions, in the
// order it writes them (sorted by marker name).
var idlTags = []struct {
	marker, key string
	alwaysList  bool
}{
	{markers.ListMapKey.Name, "x-kubernetes-list-map-keys", true},
	{markers.ListType.Name, "x-kubernetes-list-type", false},
	{markers.MapType.Name, "x-kubernetes-map-type", false},
	{markers.PatchMergeKey.Name, "x-kubernetes-patch-merge-key", false},
	{markers.PatchStrategy.Name, "x-kubernetes-patch-strategy", false},
	{markers.StructType.Name, "x-kubernetes-map-type", false},
	{"validations", "x-kubernetes-validations", false},
}

// extensionsFrom reads the extensions of a comment: +k8s:openapi-gen=x-kubernetes-name:value
// first, then the idl tags. A repeated tag gives a list.
func (b *builder) extensionsFrom(c comment) []extension {
	var out []extension
	for _, m := range markers.K8sOpenAPIGen.Markers(c.Markers) {
		value, _ := markers.K8sOpenAPIGen.Value(m)
		switch ext := value.Extension; {
		case ext == nil:
		case !ext.HasValue:
			b.logged(m.Pos, "+%s=%s: want x-kubernetes-<name>:<value>", markers.K8sOpenAPIGen, value.Text)
		default:
			out = b.addExtension(out, m, ext.Name, ext.Value)
		}
	}
	for _, tag := range idlTags {
		all := c.Markers.All(tag.marker)
		if len(all) == 0 {
			continue
		}
		var value any = all[0].Value
		if len(all) > 1 || tag.alwaysList {
			var list []any
			for _, m := range all {
				list = append(list, m.Value)
			}
			value = list
		}
		out = b.addExtension(out, all[0], tag.key, value)
	}
	return out
}

// addExtension appends an extension, refusing a second value for the same
// key, which openapi-gen would write as a duplicate map key.
func (b *builder) addExtension(list []extension, m markers.Marker, key string, value any) []extension {
	for _, e := range list {
		if e.Key == key {
			b.errorf(m.Pos, "%s is set twice: by %s and before it", key, m)
			return list
		}
	}
	return append(list, extension{key, value})
}

// memberExtensions are a field's extensions. Unlike openapi-gen, which only
// logs them at -v 2, tags that cannot apply to the field's type are errors,
// unless compat.
func (b *builder) memberExtensions(c comment, t types.Type, other map[string]any) []extension {
	out := b.extensionsFrom(c)
	if !b.compat {
		b.checkMemberTags(c, t)
		out = b.listTypeFromValidationTags(out, c)
	}
	return appendSorted(out, other)
}

// misplaced reports a list, map or struct tag on a field of another type: a
// marker with no effect where it stands (openapi-gen only logs it; k8s.io/api
// v0.37.2 has +listType=atomic on *SideEffectClass), so a warning. In a CRD
// it is an error: kube-apiserver refuses the extension on another type.
func (b *builder) misplaced(m markers.Marker, applies string, t types.Type) {
	if b.crd {
		b.errorf(m.Pos, "%s applies to %s, not to %s", m, applies, types.TypeString(t, nil))
		return
	}
	b.errs = append(b.errs, diag.Warnf(m.Pos, "%s applies to %s, not to %s: it has no effect here", m, applies, types.TypeString(t, nil)))
}

// checkMemberTags checks the idl tags of a field against its type.
func (b *builder) checkMemberTags(c comment, t types.Type) {
	resolved := resolve(t)
	_, isList := resolved.(*types.Slice)
	if _, isArray := resolved.(*types.Array); isArray {
		isList = true
	}
	_, isMap := resolved.(*types.Map)
	for _, m := range c.Markers {
		switch m.Name {
		case markers.ListType.Name, markers.ListMapKey.Name:
			if !isList {
				b.misplaced(m, "a list", t)
			}
		case markers.MapType.Name:
			if !isMap && structBehind(t) == nil {
				b.misplaced(m, "a map or a struct", t)
			}
		case markers.StructType.Name:
			if structBehind(t) == nil {
				b.misplaced(m, "a struct", t)
			}
		case markers.PatchStrategy.Name:
			strategies, _ := markers.PatchStrategy.Value(m)
			for _, strategy := range strategies {
				if strategy != "merge" && strategy != "retainKeys" && strategy != "replace" {
					b.errorf(m.Pos, "%s: unknown patch strategy %q (want merge, retainKeys or replace)", m, strategy)
				}
			}
		}
	}
	if listType, ok := markers.ListType.Marker(c.Markers); ok && listType.Value == "map" && len(markers.ListMapKey.Markers(c.Markers)) == 0 {
		b.errorf(listType.Pos, "%s=map needs at least one %s", markers.ListType.Tag(), markers.ListMapKey.Tag())
	}
	if keys := markers.ListMapKey.Markers(c.Markers); len(keys) > 0 {
		if listType, ok := markers.ListType.Marker(c.Markers); !ok || listType.Value != "map" {
			b.errorf(keys[0].Pos, "+listMapKey needs +listType=map")
		}
	}
}

// typeExtensions are a struct type's extensions, with its unions.
func (b *builder) typeExtensions(obj *types.TypeName, c comment, other map[string]any) []extension {
	out := b.extensionsFrom(c)
	if unions := b.unions(obj.Type()); len(unions) > 0 {
		out = append(out, extension{"x-kubernetes-unions", unions})
	}
	return appendSorted(out, other)
}

func appendSorted(list []extension, other map[string]any) []extension {
	keys := make([]string, 0, len(other))
	for key := range other {
		keys = append(keys, key)
	}
	sort.Strings(keys)
	for _, key := range keys {
		list = append(list, extension{key, other[key]})
	}
	return list
}

// union is one x-kubernetes-unions entry.
type union struct {
	discriminator string
	fields        map[string]string // JSON name → Go name
}

func (u union) value() map[string]any {
	fields := map[string]any{}
	for json, goName := range u.fields {
		fields[json] = goName
	}
	out := map[string]any{"fields-to-discriminateBy": fields}
	if u.discriminator != "" {
		out["discriminator"] = u.discriminator
	}
	return out
}

// unions finds the unions of a struct as openapi-gen does: the struct
// itself when marked +union, those of inlined members, and members marked
// +unionDiscriminator or +unionDeprecated. Problems it only logs are errors.
func (b *builder) unions(t types.Type) []any {
	var out []any
	st := structBehind(t)
	if st == nil {
		return nil
	}
	if named, ok := types.Unalias(t).(*types.Named); ok && markers.Union.Has(b.typeComment(named.Obj()).Markers) {
		out = append(out, b.unionStruct(named, st).value())
	}
	for _, field := range model.FieldsOf(st) {
		if hasOpenAPIGenValue(b.g.comments.Of(field.Var.Pos(), markers.OnField).Markers, "false") || !inlined(field) {
			continue
		}
		out = append(out, b.unions(field.Type())...)
	}
	if u, ok := b.unionMembers(st); ok {
		out = append(out, u.value())
	}
	return out
}

func (b *builder) unionStruct(named *types.Named, st *types.Struct) union {
	u := union{fields: map[string]string{}}
	for _, field := range model.FieldsOf(st) {
		name := referableName(field)
		if name == "" {
			continue
		}
		c := b.g.comments.Of(field.Var.Pos(), markers.OnField)
		switch {
		case inlined(field):
			b.logged(c.Pos, "union %s cannot have embedded fields", named.Obj().Name())
		case markers.UnionDeprecated.Has(c.Markers):
			b.logged(c.Pos, "union %s cannot have +unionDeprecated members", named.Obj().Name())
		case markers.UnionDiscriminator.Has(c.Markers):
			b.setDiscriminator(&u, name, c)
		default:
			if !b.optional(field, c) {
				b.logged(c.Pos, "union member %s must be optional", field.GoName)
			}
			b.addUnionMember(&u, name, field.GoName, c)
		}
	}
	return u
}

func (b *builder) unionMembers(st *types.Struct) (union, bool) {
	u := union{fields: map[string]string{}}
	for _, field := range model.FieldsOf(st) {
		name := referableName(field)
		if name == "" || inlined(field) {
			continue
		}
		c := b.g.comments.Of(field.Var.Pos(), markers.OnField)
		if markers.UnionDiscriminator.Has(c.Markers) {
			b.setDiscriminator(&u, name, c)
		}
		if m, ok := markers.Union.Marker(c.Markers); ok {
			b.logged(m.Pos, "+union belongs on the struct type, not on its field %s", field.GoName)
			continue
		}
		if markers.UnionDeprecated.Has(c.Markers) {
			if !b.optional(field, c) {
				b.logged(c.Pos, "union member %s must be optional", field.GoName)
			}
			b.addUnionMember(&u, name, field.GoName, c)
		}
	}
	if len(u.fields) == 0 {
		return u, false
	}
	b.checkUnion(u, st)
	return u, true
}

func (b *builder) setDiscriminator(u *union, name string, c comment) {
	if u.discriminator != "" {
		b.logged(c.Pos, "a union has two discriminators: %s and %s", u.discriminator, name)
	}
	u.discriminator = name
}

func (b *builder) addUnionMember(u *union, json, goName string, c comment) {
	if _, dup := u.fields[json]; dup {
		b.errorf(c.Pos, "union member %s appears twice", json)
	}
	u.fields[json] = goName
}

// checkUnion reports a discriminator that is also a member, and a Go name
// used twice.
func (b *builder) checkUnion(u union, st *types.Struct) {
	pos := b.g.universe.Fset.Position(st.Field(0).Pos())
	if _, both := u.fields[u.discriminator]; u.discriminator != "" && both {
		b.logged(pos, "%s cannot be both the discriminator and a member of the union", u.discriminator)
	}
	seen := map[string]bool{}
	for _, json := range sortedKeys(u.fields) {
		goName := u.fields[json]
		if seen[goName] {
			b.logged(pos, "union discriminated value %s is used twice", goName)
		}
		seen[goName] = true
	}
}

func sortedKeys[V any](m map[string]V) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}
