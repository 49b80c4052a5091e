// Package kubeapis names the k8s.io/kubernetes API packages that metagen's
// conversion and defaulting generators are measured on (the equivalence
// test in generators/conversion and hack/bench -suite conversion), and the
// steps both take to put metagen in place of conversion-gen and
// defaulter-gen there.
package kubeapis

import (
	"bytes"
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"sort"
)

// Module is the release of k8s.io/kubernetes the packages come from.
const Module = "k8s.io/kubernetes@v1.37.2"

// Groups are the API groups (pkg/apis/<group>) whose internal and versioned
// packages get metagen's conversions and defaulters in place of upstream's.
var Groups = []string{
	"admission", "admissionregistration", "apiserverinternal", "apps", "authentication", "authorization",
	"autoscaling", "batch", "certificates", "coordination", "core", "discovery", "events", "extensions",
	"flowcontrol", "imagepolicy", "networking", "node", "policy", "rbac", "resource", "scheduling",
	"storage", "storagemigration",
}

// GeneratedFiles are upstream's files that metagen's output replaces.
var GeneratedFiles = []string{"zz_generated.conversion.go", "zz_generated.defaults.go"}

// ExtraPeers are hack/update-codegen.sh's --extra-peer-dirs for conversion-gen.
const ExtraPeers = "k8s.io/kubernetes/pkg/apis/core,k8s.io/kubernetes/pkg/apis/core/v1,k8s.io/api/core/v1"

// Packages returns, as ./pkg/apis/... patterns relative to the module
// directory src, each group's internal package and the versions upstream
// generates conversions or defaulters for.
func Packages(src string, groups []string) []string {
	var packages []string
	for _, group := range groups {
		packages = append(packages, "./pkg/apis/"+group)
		versions, _ := filepath.Glob(filepath.Join(src, "pkg", "apis", group, "v*"))
		sort.Strings(versions)
		for _, dir := range versions {
			for _, name := range GeneratedFiles {
				if _, err := os.Stat(filepath.Join(dir, name)); err == nil {
					packages = append(packages, "./pkg/apis/"+group+"/"+filepath.Base(dir))
					break
				}
			}
		}
	}
	return packages
}

// AddExtraPeers gives every package of dir that asks for conversions the
// marker that stands for conversion-gen's --extra-peer-dirs (metagen has
// no per-generator flags); conversion-gen ignores it.
func AddExtraPeers(dir string, packages []string) error {
	for _, pkg := range packages {
		path := filepath.Join(dir, pkg, "doc.go")
		src, err := os.ReadFile(path)
		if err != nil || !bytes.Contains(src, []byte("+k8s:conversion-gen=")) {
			continue
		}
		i := bytes.Index(src, []byte("// +k8s:conversion-gen="))
		src = append(src[:i:i], append([]byte("// +metagen:conversion-extra-peers="+ExtraPeers+"\n"), src[i:]...)...)
		if err := os.WriteFile(path, src, 0o644); err != nil {
			return err
		}
	}
	return nil
}

// DeclaredFuncs returns the names of the package-level functions a Go file
// declares, init excepted: what a generated file provides.
func DeclaredFuncs(path string) ([]string, error) {
	file, err := parser.ParseFile(token.NewFileSet(), path, nil, parser.SkipObjectResolution)
	if err != nil {
		return nil, err
	}
	var names []string
	for _, decl := range file.Decls {
		if fn, ok := decl.(*ast.FuncDecl); ok && fn.Recv == nil && fn.Name.Name != "init" {
			names = append(names, fn.Name.Name)
		}
	}
	return names, nil
}
