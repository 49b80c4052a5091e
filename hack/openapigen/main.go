// Command openapigen writes a built-in registry's zz_generated.openapi.go:
// the OpenAPI definitions of some k8s.io/api kinds, made by metagen's own
// openapi generator, compatible with openapi-gen (as kube-apiserver's
// definitions are made), and cut down to the kinds and the types of their
// package they refer to. The registries of server/internal/registry run it with go:generate (it lives in
// hack/ because the server serves types and never links the generators):
//
//	go run ../../../../hack/openapigen -pkg k8s.io/api/core/v1 -kinds Namespace,NamespaceList
//
// metagen only generates inside the module it runs in, so the package is
// copied out of the module cache into a temporary module first, marked
// +metagen:openapi-gen-compatible; the generated file is then moved into
// the registry's package (the package's own type names qualified).
package main

import (
	"flag"
	"fmt"
	"os"
	"strings"

	"github.com/metagen-dev/metagen/hack/openapigen/cut"
)

func main() {
	pkg := flag.String("pkg", "", "import path of the k8s.io/api package that declares the kinds")
	kinds := flag.String("kinds", "", "comma-separated kinds (and list kinds) whose definitions to keep")
	out := flag.String("o", "zz_generated.openapi.go", "output file, in the current directory's package")
	flag.Parse()
	if *pkg == "" || *kinds == "" {
		fmt.Fprintln(os.Stderr, "usage: openapigen -pkg IMPORT-PATH -kinds KIND,… [-o FILE]")
		os.Exit(2)
	}
	code, err := cut.Generate(cut.Request{Package: *pkg, Kinds: strings.Split(*kinds, ","), OutputDir: "."})
	if err != nil {
		fmt.Fprintln(os.Stderr, "openapigen:", err)
		os.Exit(1)
	}
	if err := os.WriteFile(*out, code, 0o644); err != nil {
		fmt.Fprintln(os.Stderr, "openapigen:", err)
		os.Exit(1)
	}
}
