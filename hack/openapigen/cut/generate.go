// Package cut makes the OpenAPI definitions of some k8s.io/api kinds with
// metagen's openapi generator and cuts its output down to them.
package cut

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/metagen-dev/metagen/generators/gofile"
	"github.com/metagen-dev/metagen/generators/openapi"
	"github.com/metagen-dev/metagen/generators/pipeline"
)

// Request says which kinds of which package to define, for the package in
// OutputDir.
type Request struct {
	Package   string
	Kinds     []string
	OutputDir string
}

// compatFile marks the copied package compatible with openapi-gen, as
// kube-apiserver's definitions are generated.
const compatFile = "zz_metagen_compat.go"

// Generate returns the content of the output file.
func Generate(r Request) ([]byte, error) {
	work, err := os.MkdirTemp("", "openapigen-")
	if err != nil {
		return nil, err
	}
	defer os.RemoveAll(work)
	if err := copyPackages(r.OutputDir, r.Package, work); err != nil {
		return nil, err
	}
	rel := strings.TrimPrefix(r.Package, apiModule+"/")
	name, err := goList(r.OutputDir, "-f", "{{.Name}}", r.Package)
	if err != nil {
		return nil, err
	}
	marker := "// +metagen:openapi-gen-compatible\n\npackage " + name[0] + "\n"
	if err := os.WriteFile(filepath.Join(work, rel, compatFile), []byte(marker), 0o644); err != nil {
		return nil, err
	}
	plan, err := pipeline.NewPlan(pipeline.Options{Dir: work, Patterns: []string{"./" + rel}, Only: []string{"openapi"}})
	if err != nil {
		return nil, err
	}
	outName, err := goList(r.OutputDir, "-f", "{{.Name}}", ".")
	if err != nil {
		return nil, err
	}
	want := filepath.Join(work, rel, openapi.OutputFile)
	for _, c := range plan.Changes {
		if c.Path == want && c.Action != gofile.Remove {
			return cut(c.New, r.Package, outName[0], r.Kinds)
		}
	}
	return nil, fmt.Errorf("the openapi generator wrote no %s for %s", openapi.OutputFile, r.Package)
}
