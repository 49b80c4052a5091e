package validation

import (
	"fmt"
	"go/token"
	"go/types"
	"strings"

	"github.com/metagen-dev/metagen/generators/diag"
	"github.com/metagen-dev/metagen/generators/markers"
	"github.com/metagen-dev/metagen/generators/model"
	"github.com/metagen-dev/metagen/generators/register"
)

// filter is one value of the package's +k8s:validation-gen tags.
type filter struct {
	all           bool
	withField     string
	withSuffix    string
	pos           token.Position
	unknown       string
	emptyArgument bool
}

// activation returns the package's type filters, or false when the package
// does not opt in. +k8s:validation-gen=false turns the package off.
func activation(pkg *model.Package) ([]filter, bool) {
	tags := markers.K8sValidationGen.Markers(pkg.Markers)
	if len(tags) == 0 {
		return nil, false
	}
	var filters []filter
	for _, m := range tags {
		if m.Value == "false" {
			return nil, false
		}
		filters = append(filters, parseFilter(m))
	}
	return filters, true
}

func parseFilter(m markers.Marker) filter {
	value, _ := markers.K8sValidationGen.Value(m)
	f := filter{pos: m.Pos, all: value.All, withField: value.WithField, withSuffix: value.WithSuffix}
	switch {
	case value.Selector != "":
		f.emptyArgument = value.WithField == "" && value.WithSuffix == ""
	case !value.All && value.WithField == "":
		f.unknown = value.Text
	}
	return f
}

// checkFilters reports malformed package tags.
func (a *analyzer) checkFilters(filters []filter) {
	for _, f := range filters {
		switch {
		case f.unknown != "":
			a.errorf(f.pos, "unknown value %q for +%s: want *, TypeMeta, TypesWithField=<field> or TypesWithSuffix=<suffix>", f.unknown, markers.K8sValidationGen)
		case f.emptyArgument:
			a.errorf(f.pos, "+%s needs a name after '='", markers.K8sValidationGen)
		}
	}
	if m, ok := markers.K8sValidationGenInput.Marker(a.pkg.Markers); ok && strings.TrimSpace(m.Value) != a.pkg.Path {
		a.errorf(m.Pos, "+%s=%s: metagen generates validation next to the types it validates; remove the tag, or run metagen on %s", markers.K8sValidationGenInput, m.Value, m.Value)
	}
}

// isRootType applies the package filters and the type's own tag, as
// validation-gen does.
func isRootType(t *model.Type, filters []filter) bool {
	if !token.IsExported(t.Name) || t.IsAlias() {
		return false
	}
	if m, ok := markers.K8sValidationGen.Marker(t.Markers); ok {
		return m.Value == "true"
	}
	if embedsListMeta(t) {
		return false
	}
	for _, f := range filters {
		switch {
		case f.all:
			return true
		case f.withField != "" && hasField(t, f.withField):
			return true
		case f.withSuffix != "" && strings.HasSuffix(t.Name, f.withSuffix):
			return true
		}
	}
	return false
}

func hasField(t *model.Type, name string) bool {
	for _, f := range t.Fields {
		if f.GoName == name {
			return true
		}
	}
	return false
}

func embedsListMeta(t *model.Type) bool {
	for _, f := range t.Fields {
		if f.Embedded && isMetav1(f.Type(), "ListMeta") {
			return true
		}
	}
	return false
}

const metav1Path = "k8s.io/apimachinery/pkg/apis/meta/v1"

// isMetav1 reports whether t is the named metav1 type.
func isMetav1(t types.Type, name string) bool {
	named, ok := t.(*types.Named)
	return ok && named.Obj().Name() == name && named.Obj().Pkg() != nil && named.Obj().Pkg().Path() == metav1Path
}

// subresources lists where a root type's validation serves, sorted: "/" and
// every +k8s:supportsSubresource, or only its +k8s:isSubresource. A kind
// whose resource serves /status (+kubebuilder:subresource:status) supports
// it too, since kube-apiserver validates the CRD's /status writes.
func (a *analyzer) subresources(t *model.Type) []string {
	set := map[string]bool{}
	if m, ok := markers.K8sIsSubresource.Marker(t.Markers); ok {
		set[a.subresourcePath(m)] = true
	} else {
		set["/"] = true
		if r := t.Resource; r != nil && r.StatusSubresource {
			set["/status"] = true
		}
	}
	for _, m := range markers.K8sSupportsSubresource.Markers(t.Markers) {
		set[a.subresourcePath(m)] = true
	}
	return sortedKeys(set)
}

func (a *analyzer) subresourcePath(m markers.Marker) string {
	value, _ := markers.Value[string](m)
	if !strings.HasPrefix(value, "/") {
		a.errorf(m.Pos, "+%s=%s: want a path such as /status", m.Name, m.Value)
	}
	return value
}

// schemeRegistry returns the scheme type RegisterValidations takes as a
// qualified name, or "" for no registration.
func (a *analyzer) schemeRegistry() (pkgPath, name string, register bool) {
	m, ok := markers.K8sValidationGenSchemeRegistry.Marker(a.pkg.Markers)
	if !ok {
		return "k8s.io/apimachinery/pkg/runtime", "Scheme", true
	}
	value, _ := markers.Value[string](m)
	if value == "nil" {
		return "", "", false
	}
	dot := strings.LastIndexByte(value, '.')
	if dot <= 0 || dot == len(value)-1 {
		a.errorf(m.Pos, "+%s=%s: want a qualified type name such as k8s.io/apimachinery/pkg/runtime.Scheme, or nil", markers.K8sValidationGenSchemeRegistry, m.Value)
		return "", "", false
	}
	return value[:dot], value[dot+1:], true
}

// schemeBuilder names the package's scheme builder variable that init
// registers with, or "". A package whose zz_generated.register.go metagen
// writes gets localSchemeBuilder from it; the loader leaves that file out, so
// the type checker cannot see it.
//
// With another scheme type than runtime.Scheme, localSchemeBuilder is
// whatever the package declares under that name with a Register method (a
// testscheme.Scheme in validation-gen's tests).
func schemeBuilder(pkg *model.Package, runtimeScheme bool, registers *register.Result) string {
	if !runtimeScheme {
		if v, ok := pkg.Types.Scope().Lookup("localSchemeBuilder").(*types.Var); ok {
			if m, _, _ := types.LookupFieldOrMethod(v.Type(), true, pkg.Types, "Register"); m != nil {
				return "localSchemeBuilder"
			}
		}
		return ""
	}
	if registers.Generates(pkg) {
		return "localSchemeBuilder"
	}
	for _, name := range []string{"localSchemeBuilder", "SchemeBuilder"} {
		if v, ok := pkg.Types.Scope().Lookup(name).(*types.Var); ok && isSchemeBuilder(v.Type()) {
			return name
		}
	}
	return ""
}

func isSchemeBuilder(t types.Type) bool {
	if p, ok := t.(*types.Pointer); ok {
		t = p.Elem()
	}
	named, ok := t.(*types.Named)
	return ok && named.Obj().Name() == "SchemeBuilder" && named.Obj().Pkg() != nil &&
		named.Obj().Pkg().Path() == "k8s.io/apimachinery/pkg/runtime"
}

// warnf keeps a positioned warning for the package's pass to report.
func (a *analyzer) warnf(pos token.Position, format string, args ...any) {
	a.u.warnings[a.pkg.Path] = append(a.u.warnings[a.pkg.Path], warning{pos: pos, msg: fmt.Sprintf(format, args...)})
}

// warning is a harmless mistake the analysis found, reported by the pass.
type warning struct {
	pos token.Position
	msg string
}

func (a *analyzer) errorf(pos token.Position, format string, args ...any) {
	a.u.errs[a.pkg.Path] = append(a.u.errs[a.pkg.Path], diag.Errorf(pos, format, args...))
}
