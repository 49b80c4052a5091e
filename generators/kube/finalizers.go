package kube

import (
	"go/token"
	"strings"

	utilvalidation "k8s.io/apimachinery/pkg/util/validation"

	"github.com/metagen-dev/metagen/generators/diag"
	"github.com/metagen-dev/metagen/generators/markers"
	"github.com/metagen-dev/metagen/generators/model"
)

// AllowedFinalizers reads a type's +metagen:allowed-finalizers: the
// finalizers of its group's domain (the group or a subdomain) that its
// controllers own, each a qualified name. The generated validation and the
// CRD's metagen.dev/allowed-finalizers annotation enforce the same list.
// found is false when the type has no such marker.
func AllowedFinalizers(t *model.Type) (group string, owned []string, found bool, errs []error) {
	m, found := markers.MetagenAllowedFinalizers.Marker(t.Markers)
	if !found {
		return "", nil, false, nil
	}
	errorf := func(pos token.Position, format string, args ...any) {
		errs = append(errs, diag.Errorf(pos, format, args...))
	}
	group = t.Package.API.Group
	if !t.Package.API.HasGroup || group == "" {
		errorf(m.Pos, "+%s needs the package's +groupName: the list holds the finalizers of the group's domain", markers.MetagenAllowedFinalizers)
		return "", nil, true, errs
	}
	names, _ := markers.MetagenAllowedFinalizers.Value(m)
	for _, name := range names {
		prefix, _, qualified := strings.Cut(name, "/")
		switch problems := utilvalidation.IsQualifiedName(name); {
		case len(problems) > 0:
			errorf(m.Pos, "+%s: %q is not a valid finalizer name: %s", markers.MetagenAllowedFinalizers, name, strings.Join(problems, "; "))
		case !qualified || (prefix != group && !strings.HasSuffix(prefix, "."+group)):
			errorf(m.Pos, "+%s: %q is not in the domain of group %s", markers.MetagenAllowedFinalizers, name, group)
		default:
			owned = append(owned, name)
		}
	}
	return group, owned, true, errs
}
