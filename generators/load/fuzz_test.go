package load

import (
	"go/token"
	"go/types"
	"os"
	"path/filepath"
	"sync"
	"testing"

	"golang.org/x/tools/go/packages"

	"github.com/metagen-dev/metagen/generators/model"
)

var (
	fuzzImportsOnce sync.Once
	fuzzImports     map[string]*types.Package
	fuzzFset        *token.FileSet
)

// fuzzDependencies loads, once, the export data of the packages API types
// import, so that fuzzed sources can use metav1.
func fuzzDependencies(t testing.TB) (*token.FileSet, map[string]*types.Package) {
	fuzzImportsOnce.Do(func() {
		fuzzFset = token.NewFileSet()
		fuzzImports = map[string]*types.Package{"unsafe": types.Unsafe}
		deps, err := packages.Load(&packages.Config{Mode: packages.NeedName | packages.NeedTypes | packages.NeedImports, Fset: fuzzFset},
			"k8s.io/apimachinery/pkg/apis/meta/v1", "k8s.io/apimachinery/pkg/runtime", "k8s.io/apimachinery/pkg/util/intstr")
		if err != nil {
			return
		}
		for _, dep := range deps {
			fuzzImports[dep.PkgPath] = dep.Types
		}
	})
	return fuzzFset, fuzzImports
}

// FuzzLoader: no source file crashes or hangs the loader's parse, type
// check and model building (markers, fields, inline cycles).
func FuzzLoader(f *testing.F) {
	for _, seed := range []string{
		"// +k8s:deepcopy-gen=package\n// +groupName=x.example.com\npackage p\n\nimport metav1 \"k8s.io/apimachinery/pkg/apis/meta/v1\"\n\n// +genclient\n// +kubebuilder:object:root=true\ntype T struct {\n\tmetav1.TypeMeta `json:\",inline\"`\n\tmetav1.ObjectMeta `json:\"metadata,omitempty\"`\n\t// +kubebuilder:validation:MaxLength=63\n\t// +optional\n\tName string `json:\"name,omitempty\"`\n}\n",
		"package p\n\ntype A struct{ *B `json:\",inline\"` }\ntype B struct{ *A `json:\",inline\"` }\n",
		"package p\n\ntype N struct{ Next *N `json:\"next\"`; Kids []N; M map[string]N }\n",
		"package p\n\ntype G[T any] struct{ V T `json:\"v\"` }\ntype U struct{ G[U] `json:\",inline\"` }\n",
		"package p\n\n// +kubebuilder:default={a: {b: 1}}\n// +k8s:requried\ntype S struct{ X int `json:\"x,omitempty\" bad` }\n",
		"package p\n\ntype (\n\tA = B\n\tB struct{ A `json:\",inline\"` }\n)\n",
		"package p\n\ntype X struct{\n",
	} {
		f.Add(seed)
	}
	dir := f.TempDir()
	filename := filepath.Join(dir, "types.go")
	f.Fuzz(func(t *testing.T, src string) {
		fset, imports := fuzzDependencies(t)
		if err := os.WriteFile(filename, []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
		root := &packages.Package{ID: "example.com/p", PkgPath: "example.com/p", Name: "p", Dir: dir, GoFiles: []string{filename},
			Imports: map[string]*packages.Package{}}
		for path, pkg := range imports {
			root.Imports[path] = &packages.Package{PkgPath: path, Types: pkg}
		}
		roots := []*packages.Package{root}
		checked := typeCheck(fset, roots, neededInputs(roots, nil), func() (map[string]*types.Package, error) { return imports, nil }, nil)
		universe := &model.Universe{Fset: fset, Comments: model.NewComments(fset), ModuleDir: dir}
		for _, c := range checked {
			if c.outputOnly || len(c.errs) > 0 {
				continue
			}
			built, _ := buildPackage(fset, universe.Comments, c)
			universe.Packages = append(universe.Packages, built)
		}
		inlineCycles(fset, universe.Packages)
		outsideModule(universe)
	})
}
