package launcher

import (
	"path/filepath"
	"slices"
	"testing"
)

func TestParseModFile(t *testing.T) {
	root := filepath.FromSlash("/src/app")
	for _, tc := range []struct {
		name, text     string
		module         string
		replaced, uses []string
	}{
		{
			name:   "one-line replaces: a directory, relative or absolute; a version is not one",
			text:   "module example.com/app\n\ngo 1.26\n\nreplace example.com/a => ../a\nreplace example.com/b v1.0.0 => /abs/b // local\nreplace example.com/c => example.com/d v1.2.3\n",
			module: "example.com/app", replaced: []string{"/src/a", "/abs/b"},
		},
		{
			name:   "a block, quoted paths, comments",
			text:   "module \"example.com/app\" // the app\nreplace (\n\t// none here\n\texample.com/a => ./third_party/a\n\t\"example.com/b\" v0.1.0 => `../b dir`\n\texample.com/c v0.1.0 => example.com/c v0.2.0\n)\n",
			module: "example.com/app", replaced: []string{"/src/app/third_party/a", "/src/b dir"},
		},
		{
			name: "go.work: use lines and blocks",
			text: "go 1.26\n\nuse ./api\nuse (\n\t.\n\t../metagen // a checkout\n)\nreplace example.com/x => ../x\n",
			uses: []string{"/src/app/api", "/src/app", "/src/metagen"}, replaced: []string{"/src/x"},
		},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got := parseModFile(filepath.Join(root, "go.mod"), []byte(tc.text))
			if got.module != tc.module {
				t.Errorf("module %q, want %q", got.module, tc.module)
			}
			if want := fromSlash(tc.replaced); !slices.Equal(got.replacedDirs, want) {
				t.Errorf("replaced directories %q, want %q", got.replacedDirs, want)
			}
			if want := fromSlash(tc.uses); !slices.Equal(got.useDirs, want) {
				t.Errorf("use directories %q, want %q", got.useDirs, want)
			}
		})
	}
}

func fromSlash(paths []string) []string {
	var out []string
	for _, p := range paths {
		out = append(out, filepath.FromSlash(p))
	}
	return out
}
