package quick

import (
	"strings"
	"testing"

	utilvalidation "k8s.io/apimachinery/pkg/util/validation"
)

// FuzzQualifiedName holds QualifiedName to apimachinery's IsQualifiedName.
func FuzzQualifiedName(f *testing.F) {
	for _, seed := range []string{
		"app", "-bad", "example.com/x", "Example.com/x", "a/b/c", "/x", "x/", "", "/", "a//b", "a_b", "a.b-c",
		strings.Repeat("k", 63), strings.Repeat("k", 64), strings.Repeat("p", 253) + "/k", strings.Repeat("p", 254) + "/k",
		"UPPER", "a b", "ü", "k8s.io/name",
	} {
		f.Add(seed)
	}
	f.Fuzz(func(t *testing.T, value string) {
		if got, want := QualifiedName(value), len(utilvalidation.IsQualifiedName(value)) == 0; got != want {
			t.Errorf("QualifiedName(%q) = %v, IsQualifiedName says %v", value, got, want)
		}
	})
}
