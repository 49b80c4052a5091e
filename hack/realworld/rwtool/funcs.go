package main

import (
	"errors"
	"flag"
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"sort"
	"strings"
)

// cmdFuncs compares the package-level functions (init excepted) declared
// in the named generated files of each package, upstream's tree against
// metagen's: what conversion-gen and defaulter-gen provide
// (Convert_*, autoConvert_*, RegisterConversions, SetObjectDefaults_*,
// RegisterDefaults). A function is "<pkg> <file> <name>".
func cmdFuncs(args []string) error {
	fs := flag.NewFlagSet("funcs", flag.ExitOnError)
	up := fs.String("up", "", "upstream tree")
	mg := fs.String("mg", "", "metagen tree")
	files := fs.String("files", "zz_generated.conversion.go,zz_generated.defaults.go", "generated file names, comma-separated")
	name := fs.String("name", "funcs", "result line name")
	details := fs.Int("details", 20, "detail lines to print at most")
	fs.Parse(args)
	if *up == "" || *mg == "" {
		return errors.New("need -up and -mg")
	}
	var onlyUp, onlyMg []string
	nUp, nMg, upFiles := 0, 0, 0
	for _, pkg := range fs.Args() {
		for _, file := range strings.Split(*files, ",") {
			u, found, err := funcSet(filepath.Join(*up, pkg, file))
			if err != nil {
				return err
			}
			if found {
				upFiles++
			}
			m, _, err := funcSet(filepath.Join(*mg, pkg, file))
			if err != nil {
				return err
			}
			nUp += len(u)
			nMg += len(m)
			for f := range u {
				if !m[f] {
					onlyUp = append(onlyUp, pkg+" "+file+" "+f)
				}
			}
			for f := range m {
				if !u[f] {
					onlyMg = append(onlyMg, pkg+" "+file+" "+f)
				}
			}
		}
	}
	sort.Strings(onlyUp)
	sort.Strings(onlyMg)
	fmt.Printf("%s: upstream-files=%d upstream=%d metagen=%d only-upstream=%d only-metagen=%d\n",
		*name, upFiles, nUp, nMg, len(onlyUp), len(onlyMg))
	printSome("only-upstream", onlyUp, *details)
	printSome("only-metagen", onlyMg, *details)
	return nil
}

// funcSet returns the package-level functions of a file; a missing file is
// empty (found false).
func funcSet(path string) (set map[string]bool, found bool, err error) {
	set = map[string]bool{}
	if _, err := os.Stat(path); err != nil {
		return set, false, nil
	}
	f, err := parser.ParseFile(token.NewFileSet(), path, nil, parser.SkipObjectResolution)
	if err != nil {
		return nil, true, err
	}
	for _, d := range f.Decls {
		if fd, ok := d.(*ast.FuncDecl); ok && fd.Recv == nil && fd.Name.Name != "init" {
			set[fd.Name.Name] = true
		}
	}
	return set, true, nil
}
