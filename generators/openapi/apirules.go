package openapi

import (
	"fmt"
	"go/types"
	"path/filepath"
	"sort"
	"strings"

	"github.com/metagen-dev/metagen/generators/gen"
	"github.com/metagen-dev/metagen/generators/markers"
	"github.com/metagen-dev/metagen/generators/model"
)

// violation is one API rule violation, as openapi-gen reports it.
type violation struct {
	rule, pkg, typ, field string
}

func (v violation) String() string {
	return fmt.Sprintf("API rule violation: %s,%s,%s,%s", v.rule, v.pkg, v.typ, v.field)
}

// apiRules are openapi-gen's API linter rules.
var apiRules = []struct {
	name  string
	check func(g *generation, st *types.Struct) []string
}{
	{"list_type_missing", listTypeMissing},
	{"names_match", namesMatchRule},
	{"omitempty_match_case", omitEmptyMatchCase},
	{"streaming_list_type_field_order", streamingListFieldOrder},
	{"streaming_list_type_json_tags", streamingListJSONTags},
	{"streaming_list_type_proto_tags", streamingListProtoTags},
}

// violations lints the types openapi-gen would lint in a package: those it
// selects for definitions, private and non-struct ones included.
func (g *generation) violations(pkg *model.Package) []violation {
	packageWide := hasOpenAPIGenValue(pkg.Markers, "true")
	var out []violation
	for _, t := range pkg.NamedTypes {
		if t.IsAlias() || strings.HasPrefix(t.Name, "codecSelfer") {
			continue
		}
		set := g.typeComment(t.Object).Markers
		if !(packageWide && !hasOpenAPIGenValue(set, "false") || hasOpenAPIGenValue(set, "true")) {
			continue
		}
		st, ok := t.Object.Type().Underlying().(*types.Struct)
		if !ok {
			continue
		}
		for _, rule := range apiRules {
			for _, field := range rule.check(g, st) {
				out = append(out, violation{rule.name, pkg.Path, t.Name, field})
			}
		}
	}
	return out
}

// reportAPIRules writes openapi-gen's API rule violation report for the
// packages marked +metagen:api-rules=<file> (relative to the package): one
// report per file, for every package naming it, written by the first. Its
// first line is our header, then openapi-gen's lines, sorted as it sorts
// them; verify then fails when the violations change.
func reportAPIRules(pass *gen.Pass, g *generation) {
	m, ok := markers.MetagenAPIRules.Marker(pass.Package.Markers)
	if !ok {
		return
	}
	path := filepath.Join(pass.Package.Dir, filepath.FromSlash(m.Value))
	var all []violation
	for _, pkg := range g.universe.Packages {
		other, ok := markers.MetagenAPIRules.Marker(pkg.Markers)
		if !ok || filepath.Join(pkg.Dir, filepath.FromSlash(other.Value)) != path {
			continue
		}
		if pkg.Path < pass.Package.Path {
			return // that package's pass writes the report
		}
		all = append(all, g.violations(pkg)...)
	}
	sort.Slice(all, func(i, j int) bool {
		a, b := all[i], all[j]
		return a.rule+"\x00"+a.pkg+"\x00"+a.typ+"\x00"+a.field < b.rule+"\x00"+b.pkg+"\x00"+b.typ+"\x00"+b.field
	})
	var report strings.Builder
	for _, v := range all {
		report.WriteString(v.String() + "\n")
	}
	pass.AddYAML(path, []byte(report.String()))
}

// listTypeMissing: a slice field needs +listType, except []byte and the
// Items of a list, which must not have one.
func listTypeMissing(g *generation, st *types.Struct) []string {
	var out []string
	hasListMeta := hasFieldNamed(st, "ListMeta")
	for i := range st.NumFields() {
		field := st.Field(i)
		slice, isSlice := types.Unalias(field.Type()).(*types.Slice)
		hasListType := markers.ListType.Has(g.comments.Of(field.Pos(), markers.OnField).Markers)
		switch {
		case field.Name() == "Items" && isSlice && hasListMeta:
			if hasListType {
				out = append(out, field.Name())
			}
		case isSlice && !isByte(slice.Elem()) && !hasListType:
			out = append(out, field.Name())
		}
	}
	return out
}

func isByte(t types.Type) bool {
	basic, ok := t.(*types.Basic)
	return ok && basic.Name() == "byte"
}

func hasFieldNamed(st *types.Struct, name string) bool {
	for i := range st.NumFields() {
		if st.Field(i).Name() == name {
			return true
		}
	}
	return false
}

// namesMatchRule: the JSON name is the Go name with its first letter (or
// leading acronym) lowercased; ObjectMeta and ListMeta are "metadata".
func namesMatchRule(_ *generation, st *types.Struct) []string {
	var out []string
	for _, field := range model.FieldsOf(st) {
		switch {
		case !field.JSONTagged:
			out = append(out, field.GoName)
		case field.JSON == "-":
		case !nameIsOkay(field.Var, field.JSONName):
			out = append(out, field.GoName)
		}
	}
	return out
}

func nameIsOkay(field *types.Var, json string) bool {
	if json == "" {
		t := field.Type()
		if ptr, ok := t.(*types.Pointer); ok {
			t = ptr.Elem()
		}
		_, isStruct := t.Underlying().(*types.Struct)
		return isStruct
	}
	switch types.TypeString(field.Type(), nil) {
	case "k8s.io/apimachinery/pkg/apis/meta/v1.ListMeta", "k8s.io/apimachinery/pkg/apis/meta/v1.ObjectMeta":
		return json == "metadata"
	}
	return namesMatch(field.Name(), json)
}

// namesMatch is openapi-gen's comparison of a Go and a JSON name.
func namesMatch(goName, json string) bool {
	if strings.ContainsAny(goName, "_-") || strings.ContainsAny(json, "_-") || !strings.EqualFold(goName, json) {
		return false
	}
	if !isCapital(goName[0]) || isCapital(json[0]) {
		return false
	}
	for i := range len(goName) {
		if goName[i] == json[i] {
			return goName[i:] == json[i:] && (i == 1 || isCapital(goName[i]))
		}
	}
	return true
}

func isCapital(b byte) bool { return b >= 'A' && b <= 'Z' }

// omitEmptyMatchCase: "omitempty" is spelled exactly so.
func omitEmptyMatchCase(_ *generation, st *types.Struct) []string {
	var out []string
	for _, field := range model.FieldsOf(st) {
		if !field.JSONTagged || field.JSONName == "-" {
			continue
		}
		for _, option := range field.JSONOptions {
			if strings.EqualFold(option, "omitempty") && option != "omitempty" {
				out = append(out, field.GoName)
			}
		}
	}
	return out
}

// isStreamingList: exactly TypeMeta, ListMeta and Items.
func isStreamingList(st *types.Struct) bool {
	return st.NumFields() == 3 && hasFieldNamed(st, "TypeMeta") && hasFieldNamed(st, "ListMeta") && hasFieldNamed(st, "Items")
}

func streamingListFieldOrder(_ *generation, st *types.Struct) []string {
	if !isStreamingList(st) {
		return nil
	}
	var out []string
	for i, name := range []string{"TypeMeta", "ListMeta", "Items"} {
		if st.Field(i).Name() != name {
			out = append(out, name)
		}
	}
	return out
}

func streamingListJSONTags(_ *generation, st *types.Struct) []string {
	if !isStreamingList(st) {
		return nil
	}
	var out []string
	for _, field := range model.FieldsOf(st) {
		json := field.JSON
		switch field.GoName {
		case "TypeMeta":
			if !field.Embedded || !field.JSONTagged || json != "" && json != ",inline" {
				out = append(out, "TypeMeta")
			}
		case "ListMeta":
			if json != "metadata,omitempty" {
				out = append(out, "ListMeta")
			}
		case "Items":
			if json != "items" {
				out = append(out, "Items")
			}
		}
	}
	return out
}

func streamingListProtoTags(_ *generation, st *types.Struct) []string {
	if !isStreamingList(st) {
		return nil
	}
	want := map[string]string{"ListMeta": "bytes,1,opt,name=metadata", "Items": "bytes,2,rep,name=items"}
	var out []string
	for _, field := range model.FieldsOf(st) {
		name, proto := field.GoName, field.Protobuf
		switch {
		case name == "TypeMeta" && proto != "":
			out = append(out, name)
		case (name == "ListMeta" || name == "Items") && proto != "" && proto != want[name]:
			out = append(out, name)
		}
	}
	return out
}
