package crd

import (
	"context"
	"fmt"
	"go/token"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"

	"k8s.io/apiextensions-apiserver/pkg/apis/apiextensions"
	apiextensionsv1 "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1"
	"k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/validation"
	"k8s.io/apimachinery/pkg/util/validation/field"

	"github.com/metagen-dev/metagen/generators/diag"
	"github.com/metagen-dev/metagen/generators/markers"
)

// Validate runs apiextensions' own validation of a CRD as kube-apiserver
// does on create, after the v1 defaults: structural schema, defaults,
// list and map types, CEL rules compiled and their cost estimated.
func Validate(crd *apiextensionsv1.CustomResourceDefinition) field.ErrorList {
	defaulted := crd.DeepCopy()
	apiextensionsv1.SetObjectDefaults_CustomResourceDefinition(defaulted)
	var internal apiextensions.CustomResourceDefinition
	if err := apiextensionsv1.Convert_v1_CustomResourceDefinition_To_apiextensions_CustomResourceDefinition(defaulted, &internal, nil); err != nil {
		return field.ErrorList{field.InternalError(nil, err)}
	}
	return validation.ValidateCustomResourceDefinition(context.Background(), &internal)
}

// check validates the CRD and turns each problem into an error at the
// source of the part it is about.
func (b *builder) check(crd *apiextensionsv1.CustomResourceDefinition) {
	errs := Validate(crd)
	// By path: apiextensions walks maps (properties) in no fixed order, and
	// errors of another module's parts may share a position in this one.
	sort.SliceStable(errs, func(i, j int) bool { return errs[i].Field < errs[j].Field })
	for _, e := range errs {
		path := versionedPath(e.Field)
		pos, detail := b.origin(path), Describe(e)
		if m := b.defaultMarker(path, pos); m != nil {
			// A default is wrong where it is written: at its marker, quoted.
			pos, detail = m.Pos, fmt.Sprintf("%s: %s", m.String(), detail)
		}
		if !b.inModule(pos) {
			pos, detail = b.foreign(path, pos, detail)
		}
		if path == "metadata.annotations["+apiextensionsv1.KubeAPIApprovedAnnotation+"]" {
			detail += apiApprovalHint(crd.Spec.Group)
		}
		if root, rel, ok := versionSchemaPath(crd, path); ok {
			detail += CostAdvice(root, rel, e)
		}
		b.errs = append(b.errs, diag.Errorf(pos, "CustomResourceDefinition %s: %s: %s", crd.Name, path, detail))
	}
}

// versionSchema matches the path of a part of a version's schema.
var versionSchema = regexp.MustCompile(`^spec\.versions\[(\d+)\]\.schema\.openAPIV3Schema\.?(.*)$`)

// versionSchemaPath splits path into the version schema it is in and the
// path relative to that schema's root.
func versionSchemaPath(crd *apiextensionsv1.CustomResourceDefinition, path string) (*apiextensionsv1.JSONSchemaProps, string, bool) {
	m := versionSchema.FindStringSubmatch(path)
	if m == nil {
		return nil, "", false
	}
	i, err := strconv.Atoi(m[1])
	if err != nil || i >= len(crd.Spec.Versions) || crd.Spec.Versions[i].Schema == nil {
		return nil, "", false
	}
	return crd.Spec.Versions[i].Schema.OpenAPIV3Schema, m[2], true
}

// uncorrelatable is how apiextensions names the part of a schema where a
// transition rule has no old value: the items of a list that is not a map
// or a set, and what is below them.
var uncorrelatable = regexp.MustCompile(`uncorrelatable portion of the schema within (\S+)`)

// foreign positions a problem of a part written in another module (a
// k8s.io/api type the schema includes), which the user cannot edit, in the
// module: at the list whose items are uncorrelatable, when that is the
// problem, else at the field that brings the other module's type in; the
// message says where the part was written.
func (b *builder) foreign(path string, pos token.Position, detail string) (token.Position, string) {
	detail = fmt.Sprintf("%s (written in %s, a type of another module)", detail, moduleFile(pos))
	if m := uncorrelatable.FindStringSubmatch(detail); m != nil {
		if list, ok := b.ownOrigin(versionedPath(m[1])); ok {
			return list, detail + "; a transition rule (oldSelf) holds only where kube-apiserver correlates the old object with the new: make this list a map list (+listType=map, +listMapKey=<key>) or a set"
		}
	}
	if own, ok := b.ownOrigin(path); ok {
		return own, detail
	}
	return b.res.versions[0].typ.Pos, detail
}

// ownOrigin is the position recorded in the module for the longest prefix
// of a field path.
func (b *builder) ownOrigin(path string) (token.Position, bool) {
	for candidate := path; ; {
		if pos, ok := b.origins[candidate]; ok && b.inModule(pos) {
			return pos, true
		}
		cut := strings.LastIndexAny(candidate, ".[")
		if cut <= 0 {
			return token.Position{}, false
		}
		candidate = candidate[:cut]
	}
}

// inModule reports whether pos lies in a main module, whose files the user
// edits (not in the module cache, say).
func (b *builder) inModule(pos token.Position) bool {
	for _, dir := range b.pass.Universe.ModuleDirs {
		if strings.HasPrefix(pos.Filename, dir+string(filepath.Separator)) {
			return true
		}
	}
	return false
}

// moduleFile names a position outside the main modules: in the module
// cache as module@version/file:line:col, no absolute path.
func moduleFile(pos token.Position) string {
	name := filepath.ToSlash(pos.Filename)
	if _, rest, ok := strings.Cut(name, "/pkg/mod/"); ok {
		name = rest
	}
	return fmt.Sprintf("%s:%d:%d", name, pos.Line, pos.Column)
}

// defaultMarker is the +kubebuilder:default or +default marker of the field
// declared at pos, when path is that field's default.
func (b *builder) defaultMarker(path string, pos token.Position) *markers.Marker {
	if !strings.HasSuffix(path, ".default") {
		return nil
	}
	for _, pkg := range b.pass.Universe.Packages {
		for _, t := range pkg.NamedTypes {
			for _, f := range t.Fields {
				if f.Pos != pos {
					continue
				}
				for _, name := range []string{markers.KBDefault.Name, markers.Default.Name} {
					if m, ok := f.Markers.Get(name); ok {
						return &m
					}
				}
			}
		}
	}
	return nil
}

// hoisted are the parts of the internal CRD that conversion takes out of
// the versions when every version has the same one.
var hoisted = map[string]string{
	"spec.validation":               "spec.versions[0].schema",
	"spec.subresources":             "spec.versions[0].subresources",
	"spec.additionalPrinterColumns": "spec.versions[0].additionalPrinterColumns",
	"spec.selectableFields":         "spec.versions[0].selectableFields",
}

// versionedPath names a field of the internal CRD as in the v1 manifest.
func versionedPath(path string) string {
	for internal, v1 := range hoisted {
		if path == internal || strings.HasPrefix(path, internal+".") || strings.HasPrefix(path, internal+"[") {
			return v1 + path[len(internal):]
		}
	}
	return path
}

// Describe is the error without its field path, and without a bad value
// that is a whole object (a CEL rule, say) rather than a value, on one line:
// CEL's excerpts of the rule under its message are dropped, as the message
// gives the column.
func Describe(e *field.Error) string {
	text := e.Type.String() + ": " + e.Detail
	switch e.BadValue.(type) {
	case nil, string, bool, int, int32, int64, float64:
		text = e.ErrorBody()
	}
	var kept []string
	for _, line := range strings.Split(text, "\n") {
		if !strings.HasPrefix(line, " | ") {
			kept = append(kept, strings.TrimSpace(line))
		}
	}
	return strings.Join(kept, " ")
}

// origin is the position recorded for the longest prefix of a field path.
func (b *builder) origin(path string) token.Position {
	for candidate := path; ; {
		if pos, ok := b.origins[candidate]; ok {
			return pos
		}
		cut := strings.LastIndexAny(candidate, ".[")
		if cut <= 0 {
			return b.res.versions[0].typ.Pos
		}
		candidate = candidate[:cut]
	}
}
