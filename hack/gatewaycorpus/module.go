// Package gatewaycorpus is gateway-api v1.6.3's API types as a recorded
// corpus of the CEL/validation differential (issue 34): the writes built
// from gateway-api's own example objects (examples/standard) and their
// mutations, each with kube-apiserver 1.37.2's answer with the CRDs metagen
// writes for gateway-api's apis/v1, recorded by the e2e suite
// (hack/e2e/suites/gateway_test.go) and replayed without a cluster by
// TestGatewayAPICorpus through metagen's Go validation, its generated fake
// clientset and its in-process server.
//
// Prepare makes the module both use: gateway-api v1.6.3 from the Go module
// proxy, its apis/v1 opted in to validation
// (+k8s:validation-gen=TypesWithField=TypeMeta) and generated with metagen
// (deepcopy, register, validation, crd, client).
package gatewaycorpus

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
)

const (
	// Module is the module version the corpus is built from.
	Module = "sigs.k8s.io/gateway-api@v1.6.3"
	// Package is the API package the corpus writes objects of.
	Package = "sigs.k8s.io/gateway-api/apis/v1"
	// CRDDir is where metagen writes the CRDs, relative to the module.
	CRDDir = "config/crd/metagen"
	// ExamplesDir holds gateway-api's example objects, relative to the module.
	ExamplesDir = "examples/standard"
	// Generators are what metagen generates in the module.
	Generators = "deepcopy,register,validation,crd,client"
	// OptIn is the line added to apis/v1's package comment: gateway-api
	// itself generates no validation code.
	OptIn = "+k8s:validation-gen=TypesWithField=TypeMeta"
	// APIApproved is the api-approved.kubernetes.io annotation gateway-api's
	// own CRDs carry (its build adds it; the source does not say it).
	APIApproved = "https://github.com/kubernetes-sigs/gateway-api/pull/4530"
)

// Root is the metagen checkout this package is in.
func Root() string {
	_, self, _, _ := runtime.Caller(0)
	return filepath.Clean(filepath.Join(filepath.Dir(self), "..", ".."))
}

// RecordingPath is the checked-in recording.
func RecordingPath() string {
	return filepath.Join(Root(), "hack", "gatewaycorpus", "testdata", "gateway-api-v1.6.3.json")
}

// Prepare builds, in a temporary directory, a module with gateway-api
// v1.6.3's apis/v1 (the files upstream generates removed) and its example
// objects, requiring the metagen checkout root through a replace, and runs
// metagen generate there. It returns the module's directory.
func Prepare(tb testing.TB, root string) string {
	tb.Helper()
	src := download(tb, Module)
	dir := tb.TempDir()
	apis := filepath.Join(dir, "apis", "v1")
	if err := os.MkdirAll(apis, 0o755); err != nil {
		tb.Fatal(err)
	}
	files, err := filepath.Glob(filepath.Join(src, "apis", "v1", "*.go"))
	if err != nil {
		tb.Fatal(err)
	}
	for _, f := range files {
		base := filepath.Base(f)
		if strings.HasSuffix(base, "_test.go") || strings.HasPrefix(base, "zz_generated.") {
			continue
		}
		data, err := os.ReadFile(f)
		if err != nil {
			tb.Fatal(err)
		}
		if base == "doc.go" {
			if !bytes.Contains(data, []byte("\npackage v1\n")) {
				tb.Fatalf("%s: no package clause to opt in", f)
			}
			data = bytes.Replace(data, []byte("\npackage v1\n"), []byte("\n// "+OptIn+"\npackage v1\n"), 1)
		}
		writeFile(tb, filepath.Join(apis, base), data)
	}
	examples := filepath.Join(src, ExamplesDir)
	err = filepath.WalkDir(examples, func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(path, ".yaml") {
			return err
		}
		data, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(src, path)
		writeFile(tb, filepath.Join(dir, rel), data)
		return nil
	})
	if err != nil {
		tb.Fatal(err)
	}
	writeGoMod(tb, root, dir)

	bin := filepath.Join(dir, "bin", "metagen")
	run(tb, root, "go", "build", "-o", bin, "./cmd/metagen")
	run(tb, dir, bin, "generate", "-q", "-g", Generators, "--crd-dir", CRDDir, "--crd-api-approved", APIApproved, "./apis/v1")
	return dir
}

// writeGoMod makes dir the module sigs.k8s.io/gateway-api requiring what
// the metagen checkout requires (its go.sum copied), and metagen itself
// replaced by the checkout.
func writeGoMod(tb testing.TB, root, dir string) {
	tb.Helper()
	mod, err := os.ReadFile(filepath.Join(root, "go.mod"))
	if err != nil {
		tb.Fatal(err)
	}
	_, rest, ok := strings.Cut(string(mod), "\n")
	if !ok || !strings.HasPrefix(string(mod), "module ") {
		tb.Fatalf("%s/go.mod does not start with its module line", root)
	}
	text := "module sigs.k8s.io/gateway-api\n" + rest +
		"\nrequire github.com/metagen-dev/metagen v0.0.0-00010101000000-000000000000\n" +
		"\nreplace github.com/metagen-dev/metagen => " + root + "\n"
	writeFile(tb, filepath.Join(dir, "go.mod"), []byte(text))
	sum, err := os.ReadFile(filepath.Join(root, "go.sum"))
	if err != nil {
		tb.Fatal(err)
	}
	writeFile(tb, filepath.Join(dir, "go.sum"), sum)
}

// download returns the module cache directory of module (which the go
// command fetches through the module proxy when it is not cached).
func download(tb testing.TB, module string) string {
	tb.Helper()
	cmd := exec.Command("go", "mod", "download", "-json", module)
	cmd.Dir = tb.TempDir() // outside any module
	cmd.Env = append(os.Environ(), "GOWORK=off", "GOFLAGS=-mod=mod")
	out, err := cmd.Output()
	var info struct{ Dir, Error string }
	if jsonErr := json.Unmarshal(out, &info); err != nil || jsonErr != nil || info.Dir == "" {
		tb.Fatalf("go mod download %s: %v %s", module, err, info.Error)
	}
	return info.Dir
}

// Run runs a command in dir with the temporary module's go environment and
// returns its standard output; a failure is fatal, with its output.
func Run(tb testing.TB, dir, name string, args ...string) []byte {
	tb.Helper()
	return run(tb, dir, name, args...)
}

func run(tb testing.TB, dir, name string, args ...string) []byte {
	tb.Helper()
	cmd := exec.Command(name, args...)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "GOWORK=off", "GOFLAGS=-mod=mod")
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		tb.Fatalf("%s %s (in %s): %v\n%s", name, strings.Join(args, " "), dir, err, stderr.Bytes())
	}
	return out
}

func writeFile(tb testing.TB, path string, data []byte) {
	tb.Helper()
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		tb.Fatal(err)
	}
	if err := os.WriteFile(path, data, 0o644); err != nil {
		tb.Fatal(fmt.Errorf("writing %s: %w", path, err))
	}
}
