package compat_test

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/metagen-dev/metagen/generators/compat"
)

// A kind whose schema cannot be built (a recursive type) is left out with
// a positioned warning, never silently, and never reported as removed.
func TestKindsNotComparedAreSaid(t *testing.T) {
	work := t.TempDir()
	const types = `// +kubebuilder:object:root=true
type Tree struct {
	metav1.TypeMeta   ` + "`json:\",inline\"`" + `
	metav1.ObjectMeta ` + "`json:\"metadata,omitempty\"`" + `
	Spec Node ` + "`json:\"spec\"`" + `
}

type Node struct {
	// +optional
	Children []Node ` + "`json:\"children,omitempty\"`" + `
	FIELD
}
`
	for side, field := range map[string]string{"old": "// +optional\n\tName string `json:\"name,omitempty\"`", "new": ""} {
		root := filepath.Join(work, side)
		writeModule(t, root)
		writePackageFile(t, filepath.Join(root, "trees", "v1", "types.go"), "trees", strings.Replace(types, "FIELD", field, 1))
	}
	result, err := compat.Run(compat.Options{Dir: filepath.Join(work, "new"), OldDir: filepath.Join(work, "old")})
	if err != nil {
		t.Fatal(err)
	}
	if len(result.Findings) != 0 {
		t.Errorf("findings for a kind that cannot be compared: %+v", result.Findings)
	}
	if len(result.Skipped) != 1 || result.Skipped[0].Kind != "trees.compat.test/v1, Kind=Tree" || result.Skipped[0].Pos.Line != 14 ||
		!strings.Contains(result.Skipped[0].Reason, "refers to itself") {
		t.Fatalf("skipped: %+v", result.Skipped)
	}
	var text strings.Builder
	compat.WriteText(&text, result, filepath.Join(work, "new"))
	if !strings.Contains(text.String(), "trees/v1/types.go:14:2: warning: trees.compat.test/v1, Kind=Tree not compared: type Node refers to itself") ||
		!strings.Contains(text.String(), "1 kind(s) not compared") {
		t.Errorf("text output:\n%s", text.String())
	}
}
