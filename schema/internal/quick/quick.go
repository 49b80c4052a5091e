// Package quick holds allocation-free predicates that agree with
// apimachinery's validators, for the quick passes of schema/meta and
// schema/rules: when one reports true, the validator finds nothing.
package quick

import (
	"strings"

	"k8s.io/apimachinery/pkg/api/validate/content"
)

// QualifiedName reports whether content.IsLabelKey (IsQualifiedName) finds
// nothing in value. IsLabelKey splits its argument, which allocates; the name
// part of a qualified name is a non-empty label value, and its prefix a
// DNS subdomain, so the checks can run on the parts in place.
func QualifiedName(value string) bool {
	name := value
	if prefix, rest, found := strings.Cut(value, "/"); found {
		if prefix == "" || strings.IndexByte(rest, '/') >= 0 || len(content.IsDNS1123Subdomain(prefix)) != 0 {
			return false
		}
		name = rest
	}
	return name != "" && len(content.IsLabelValue(name)) == 0
}
