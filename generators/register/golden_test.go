package register_test

import (
	"bytes"
	"flag"
	"os"
	"path/filepath"
	"testing"

	"github.com/metagen-dev/metagen/generators/gen"
	"github.com/metagen-dev/metagen/generators/gofile"
	"github.com/metagen-dev/metagen/generators/load"
	"github.com/metagen-dev/metagen/generators/register"
)

var update = flag.Bool("update", false, "rewrite testdata/<case>/want")

// TestGolden generates for every testdata/<case> (one load for all) and
// compares with want/; a case without want/ must generate nothing.
func TestGolden(t *testing.T) {
	root, err := filepath.Abs("../..")
	if err != nil {
		t.Fatal(err)
	}
	cases := []string{"basic", "handwritten", "optout"}
	var patterns []string
	for _, name := range cases {
		patterns = append(patterns, "./generators/register/testdata/"+name)
	}
	universe, err := load.Load(load.Options{Dir: root, Patterns: patterns})
	if err != nil {
		t.Fatal(err)
	}
	got := map[string][]byte{}
	for _, pkg := range universe.Packages {
		if !register.Generator.Enabled(pkg) {
			continue
		}
		pass := &gen.Pass{Generator: register.Generator, Universe: universe, Package: pkg}
		if err := register.Generator.Run(pass); err != nil {
			t.Fatal(err)
		}
		for _, f := range pass.Files() {
			content, err := gofile.Render(f.Code, gofile.Header{}, "")
			if err != nil {
				t.Fatal(err)
			}
			got[filepath.Base(pkg.Dir)] = content
		}
	}
	for _, name := range cases {
		want := filepath.Join("testdata", name, "want", "zz_generated.register.go")
		content, generated := got[name]
		if *update && generated {
			if err := os.MkdirAll(filepath.Dir(want), 0o755); err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(want, content, 0o644); err != nil {
				t.Fatal(err)
			}
			continue
		}
		expected, err := os.ReadFile(want)
		switch {
		case os.IsNotExist(err) && generated:
			t.Errorf("%s: generated a register file, want none:\n%s", name, content)
		case err == nil && !bytes.Equal(content, expected):
			t.Errorf("%s: differs from %s (go test ./generators/register -update):\n%s", name, want, content)
		}
	}
}
