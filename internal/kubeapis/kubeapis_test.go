package kubeapis

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/metagen-dev/metagen/internal/testfile"
)

// A version without generated files is no input; internal packages always are.
func TestPackagesAndPeers(t *testing.T) {
	dir := t.TempDir()
	testfile.Write(t, filepath.Join(dir, "pkg/apis/apps/doc.go"), "package apps\n")
	testfile.Write(t, filepath.Join(dir, "pkg/apis/apps/v1/doc.go"), "// +k8s:conversion-gen=k8s.io/kubernetes/pkg/apis/apps\npackage v1\n")
	testfile.Write(t, filepath.Join(dir, "pkg/apis/apps/v1/zz_generated.conversion.go"), "package v1\n\nfunc init() {}\n\nfunc Convert_a_To_b() {}\n\nfunc (x T) Method() {}\n")
	testfile.Write(t, filepath.Join(dir, "pkg/apis/apps/v2/doc.go"), "package v2\n")
	got := Packages(dir, []string{"apps"})
	if want := []string{"./pkg/apis/apps", "./pkg/apis/apps/v1"}; !slices.Equal(got, want) {
		t.Fatalf("Packages = %v, want %v", got, want)
	}
	if err := AddExtraPeers(dir, got); err != nil {
		t.Fatal(err)
	}
	doc, _ := os.ReadFile(filepath.Join(dir, "pkg/apis/apps/v1/doc.go"))
	if !strings.HasPrefix(string(doc), "// +metagen:conversion-extra-peers="+ExtraPeers+"\n// +k8s:conversion-gen=") {
		t.Errorf("v1/doc.go:\n%s", doc)
	}
	internal, _ := os.ReadFile(filepath.Join(dir, "pkg/apis/apps/doc.go"))
	if string(internal) != "package apps\n" {
		t.Errorf("the internal package has no +k8s:conversion-gen and must be left alone:\n%s", internal)
	}
	funcs, err := DeclaredFuncs(filepath.Join(dir, "pkg/apis/apps/v1/zz_generated.conversion.go"))
	if err != nil || !slices.Equal(funcs, []string{"Convert_a_To_b"}) {
		t.Errorf("DeclaredFuncs = %v, %v; want [Convert_a_To_b] (no init, no methods)", funcs, err)
	}
}
