package openapi_test

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/metagen-dev/metagen/generators/openapi"
	"github.com/metagen-dev/metagen/internal/testfile"
)

// spellingTypes are written with controller-gen's spellings: "+name:=value"
// (colon) or "+name=value", and a marker after a tab.
const spellingTypes = `package api

// Spelled has markers in controller-gen's spellings.
type Spelled struct {
	// Attempts has bounds.
	// +kubebuilder:validation:Minimum{{=}}1
	// +kubebuilder:validation:Maximum{{=}}10
	// +optional
	Attempts *int32 ` + "`json:\"attempts,omitempty\"`" + `
	// Names are a set of short names.
	// +listType{{=}}set
	// +kubebuilder:validation:items:MinLength{{=}}1
	// +kubebuilder:validation:items:MaxLength{{=}}63
	// +optional
	Names []string ` + "`json:\"names,omitempty\"`" + `
	// Name has a pattern and a default.
	// +kubebuilder:validation:Pattern{{=}}` + "`^[a-z]+$`" + `
	// +kubebuilder:default{{=}}"abc"
	// +optional
	Name string ` + "`json:\"name,omitempty\"`" + `
	// Labels are atomic.
	// +mapType{{=}}atomic
	// +optional
	Labels map[string]string ` + "`json:\"labels,omitempty\"`" + `
	// Mode is one of two.
	//
	//	+kubebuilder:validation:Enum=first;second
	//	+optional
	Mode string ` + "`json:\"mode,omitempty\"`" + `
}
`

// "+name:=value" writes what "+name=value" writes, items:<Keyword>:= too, and
// a marker after a tab applies and stays out of the description.
func TestControllerGenSpellings(t *testing.T) {
	generate := func(equals string) string {
		work := t.TempDir()
		writeModule(t, work, "metagen.test/spelling")
		testfile.Write(t, filepath.Join(work, "api", "doc.go"), []byte("// +k8s:openapi-gen=true\npackage api\n"))
		testfile.Write(t, filepath.Join(work, "api", "types.go"), []byte(strings.ReplaceAll(spellingTypes, "{{=}}", equals)))
		var source string
		for _, f := range runGenerator(t, loadDirs(t, work, []string{"api"}), openapi.Generator) {
			source += string(render(t, f))
		}
		return source
	}
	colon, equals := generate(":="), generate("=")
	if colon != equals {
		t.Errorf("\":=\" writes\n%s\nwhere \"=\" writes\n%s", colon, equals)
	}
	for _, want := range []string{`"set"`, `"atomic"`, `"^[a-z]+$"`, `"abc"`, `[]interface{}{"first", "second"}`, `Description: "Mode is one of two."`} {
		if !strings.Contains(equals, want) {
			t.Errorf("the definitions lack %s:\n%s", want, equals)
		}
	}
	for _, bad := range []string{"+kubebuilder", "+optional"} {
		if strings.Contains(equals, bad) {
			t.Errorf("a description holds the marker %s:\n%s", bad, equals)
		}
	}
}
