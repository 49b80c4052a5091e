package main

import (
	"go/format"
	"os"
	"path/filepath"
	"slices"
	"testing"

	"github.com/metagen-dev/metagen/generators/load"
)

// Only our files are formatted, each under its kind; -only narrows the kinds.
func TestOursGroupsGeneratedFilesByKind(t *testing.T) {
	root := t.TempDir()
	header := load.GeneratedHeader + "\n\npackage p\n"
	for path, text := range map[string]string{
		"api/v1/zz_generated.deepcopy.go":                        header,
		"api/v1/types.go":                                        "package v1\n",
		"client/clientset/versioned/clientset.go":                header,
		"client/informers/externalversions/factory.go":           header,
		"client/applyconfiguration/api/v1/widget.go":             header,
		"client/applyconfiguration/api/v1/notgo.txt":             header,
		"api/v1/zz_generated.openapi.go":                         header,
		"vendor/example.com/x/zz_generated.deepcopy_handmade.go": "package x\n",
	} {
		path = filepath.Join(root, path)
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	kinds := func(only string) []string {
		files, err := ours(root, only)
		if err != nil {
			t.Fatal(err)
		}
		var got []string
		for _, f := range files {
			got = append(got, f.kind)
		}
		slices.Sort(got)
		return got
	}
	want := []string{"client applyconfiguration", "client clientset", "client informers", "zz_generated.deepcopy.go", "zz_generated.openapi.go"}
	if got := kinds(""); !slices.Equal(got, want) {
		t.Errorf("kinds = %q, want %q", got, want)
	}
	if got := kinds("openapi"); !slices.Equal(got, []string{"zz_generated.openapi.go"}) {
		t.Errorf("-only openapi: %q", got)
	}
	byKind, _ := formatAll(mustOurs(t, root), format.Source)
	if k := byKind["client clientset"]; k == nil || k.files != 1 || k.bytes != len(header) {
		t.Errorf("formatAll's clientset kind = %+v", k)
	}
}

func mustOurs(t *testing.T, root string) []file {
	t.Helper()
	files, err := ours(root, "")
	if err != nil {
		t.Fatal(err)
	}
	return files
}
