package crd

import (
	"context"
	"fmt"
	"go/token"
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
	for _, e := range Validate(crd) {
		path := versionedPath(e.Field)
		pos, detail := b.origin(path), Describe(e)
		if m := b.defaultMarker(path, pos); m != nil {
			// A default is wrong where it is written: at its marker, quoted.
			pos, detail = m.Pos, fmt.Sprintf("%s: %s", m.String(), detail)
		}
		b.errs = append(b.errs, diag.Errorf(pos, "CustomResourceDefinition %s: %s: %s", crd.Name, path, detail))
	}
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
				for _, name := range []string{"kubebuilder:default", "default"} {
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
