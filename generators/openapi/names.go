package openapi

import (
	"go/types"
	"strings"

	"github.com/metagen-dev/metagen/generators/markers"
)

const (
	commonPkg = "k8s.io/kube-openapi/pkg/common"
	specPkg   = "k8s.io/kube-openapi/pkg/validation/spec"
	ptrPkg    = "k8s.io/utils/ptr"
)

// modelName is how a definition is named: by the type's OpenAPIModelName
// method, or by its Go path ("k8s.io/api/core/v1.Pod") as openapi-gen does
// for packages without +k8s:openapi-model-package.
type modelName struct {
	Type *types.TypeName
	// Method is set when the name is the result of T{}.OpenAPIModelName().
	Method bool
	// Static is the name as far as it is known at generation time: the Go
	// path, or the model package and the type name. A hand-written
	// OpenAPIModelName may return something else.
	Static string
}

// goPath is openapi-gen's legacy model name, "<import path>.<Name>".
func goPath(obj *types.TypeName) string {
	return obj.Pkg().Path() + "." + obj.Name()
}

// nameOf returns the model name of a named type, with openapi-gen's rule:
// the OpenAPIModelName method is used when the type declares it (a
// dependency's is visible in its export data) or when the type or its
// package carries +k8s:openapi-model-package, in which case our output
// declares the method.
func (g *generation) nameOf(obj *types.TypeName) modelName {
	name := modelName{Type: obj, Static: goPath(obj)}
	if model := g.modelPackage(obj); model != "" {
		name.Method, name.Static = true, model+"."+obj.Name()
	} else if named, ok := obj.Type().(*types.Named); ok && declaresMethod(named, "OpenAPIModelName", returnsString) {
		name.Method = true
	}
	return name
}

// modelPackage is the +k8s:openapi-model-package of the type, or else of its package.
func (g *generation) modelPackage(obj *types.TypeName) string {
	if obj.Pkg() == nil {
		return ""
	}
	if m, ok := markers.K8sOpenAPIModelPackage.Marker(g.typeComment(obj).Markers); ok && m.Value != "" {
		return m.Value
	}
	if m, ok := g.comments.PackageMarkers(obj).Get(markers.K8sOpenAPIModelPackage.Name); ok {
		return m.Value
	}
	return ""
}

// sanitizeDir drops dots and makes dashes underscores in an import path
// element; built once (funcName runs for every definition; a Replacer is safe
// for concurrent use).
var sanitizeDir = strings.NewReplacer("-", "_", ".", "")

// funcName is the name openapi-gen gives the function that builds a
// definition: schema_ and the last four elements of the import path, with
// dots dropped and dashes made underscores, and the type name.
func funcName(obj *types.TypeName) string {
	var parts []string
	for _, dir := range strings.Split(obj.Pkg().Path(), "/") {
		parts = append(parts, sanitizeDir.Replace(dir))
	}
	parts = append(parts, obj.Name())
	if len(parts) > 5 {
		parts = parts[len(parts)-5:]
	}
	return "schema_" + strings.Join(parts, "_")
}

// signature checks describe the methods openapi-gen looks for.
type resultCheck func(types.Type) bool

func returnsString(t types.Type) bool { return types.TypeString(t, nil) == "string" }

func returnsStrings(t types.Type) bool { return types.TypeString(t, nil) == "[]string" }

func returnsDefinition(t types.Type) bool {
	named, ok := t.(*types.Named)
	return ok && named.Obj().Pkg() != nil && named.Obj().Pkg().Path() == commonPkg && named.Obj().Name() == "OpenAPIDefinition"
}

// declaresMethod reports whether the named type itself declares the method,
// with no parameters and one result passing check. Like gengo, it looks at
// the methods declared on the type (either receiver), not promoted ones.
func declaresMethod(named *types.Named, name string, check resultCheck) bool {
	for i := range named.NumMethods() {
		method := named.Method(i)
		if method.Name() != name {
			continue
		}
		sig := method.Type().(*types.Signature)
		return sig.Params().Len() == 0 && sig.Results().Len() == 1 && check(sig.Results().At(0).Type())
	}
	return false
}

// specialMethods are the methods by which a type supplies its own definition.
type specialMethods struct {
	definition   bool // OpenAPIDefinition() common.OpenAPIDefinition
	v3Definition bool // OpenAPIV3Definition() common.OpenAPIDefinition
	typeFormat   bool // OpenAPISchemaType() []string and OpenAPISchemaFormat() string
	v3OneOf      bool // OpenAPIV3OneOfTypes() []string
}

func methodsOf(named *types.Named) specialMethods {
	return specialMethods{
		definition:   declaresMethod(named, "OpenAPIDefinition", returnsDefinition),
		v3Definition: declaresMethod(named, "OpenAPIV3Definition", returnsDefinition),
		typeFormat: declaresMethod(named, "OpenAPISchemaType", returnsStrings) &&
			declaresMethod(named, "OpenAPISchemaFormat", returnsString),
		v3OneOf: declaresMethod(named, "OpenAPIV3OneOfTypes", returnsStrings),
	}
}

// any reports whether the type customizes its definition at all.
func (m specialMethods) any() bool {
	return m.definition || m.v3Definition || m.typeFormat || m.v3OneOf
}

// openAPIGenValues are the values of +k8s:openapi-gen in a marker set.
func openAPIGenValues(set markers.Set) []string {
	var values []string
	for _, m := range markers.K8sOpenAPIGen.Markers(set) {
		values = append(values, m.Value)
	}
	return values
}

func hasOpenAPIGenValue(set markers.Set, value string) bool {
	for _, v := range openAPIGenValues(set) {
		if v == value {
			return true
		}
	}
	return false
}
