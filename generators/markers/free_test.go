package markers

import (
	"go/parser"
	"go/token"
	"strings"
	"testing"
)

// TestPackageLevelSkipsOnlyUnrelatedLines: the shared parse leaves out
// lines no name could match, yet still reports a misspelling of a name
// and every problem of a marker it keeps.
func TestPackageLevelSkipsOnlyUnrelatedLines(t *testing.T) {
	src := `package p

// +kubebuidler:rbac:groups=apps,resources=deployments,verbs=get
// +kubebuilder:rbac:groups=apps,resources=deployments,verb=get
// +kubebuilder:rbac:groups=apps,resources=pods,verbs=get
// +kubebuilder:validation:Minimun=1
// +kubebuilder:scaffold:imports
`
	fset := token.NewFileSet()
	file, err := parser.ParseFile(fset, "p.go", src, parser.ParseComments)
	if err != nil {
		t.Fatal(err)
	}
	set, _, errs := PackageLevel(fset, file, KBRBAC.Name)
	if len(set) != 2 {
		t.Errorf("%d rbac markers, want 2 (the misspelled key's is reported, not kept): %v", len(set), set)
	}
	var got []string
	for _, e := range errs {
		got = append(got, e.Error())
	}
	joined := strings.Join(got, "\n")
	for _, want := range []string{`p.go:3:4: unknown marker "+kubebuidler:rbac:groups" (did you mean "+kubebuilder:rbac"?)`, `p.go:4:4: marker "+kubebuilder:rbac": unknown argument "verb"`} {
		if !strings.Contains(joined, want) {
			t.Errorf("no error %q in:\n%s", want, joined)
		}
	}
	if len(got) != 2 {
		t.Errorf("%d errors, want 2 (the validation typo is not rbac's to report):\n%s", len(got), joined)
	}
}
