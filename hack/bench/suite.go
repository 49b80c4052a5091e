//go:build linux

package main

import (
	"context"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"
)

// suite is one kind of generation to benchmark: the tools that do it, the
// file each writes, and how the k8s.io/api copy is prepared for it.
type suite struct {
	name  string
	tools []string // also the display order of the table
	// outputFile is the name of the files a run must write; a run that
	// writes none fails.
	outputFile  string
	metagenArgs string
	// prepare readies the copy and returns how many output files upstream
	// ships (or, when it ships none, how many packages opt in).
	prepare    func(ctx context.Context, ws *workspace) (int, error)
	ratioPairs [][2]string
	// describeOutput, when set, summarises what a warm-up run generated, so
	// that the tools' outputs can be compared.
	describeOutput func(ws *workspace, added []string) string
	// target is the tool metagen's wall time is held against, and the ratio.
	target      string
	targetRatio float64
	// readOnly tools write no output file; acceptExit is the exit code a
	// tool may end with besides 0 (compat's 1: breaking changes found).
	readOnly   map[string]bool
	acceptExit map[string]int
	// setup, per tool, readies the restored tree untimed before each run.
	setup map[string]func(ctx context.Context, ws *workspace, t tool) error
	// source, when set, makes the pristine tree under the work directory
	// and returns it; by default it is k8s.io/api from the module cache.
	source func(ctx context.Context, root string) (string, error)
	// verifyBuild turns the build check of the warm-ups on by default
	// (it is for deepcopy); describeTarget, when set, is the report's
	// target line.
	verifyBuild    bool
	describeTarget func(ws *workspace) string
	// rssTreeMaxTarget holds metagen's rss tree-max to at most the target
	// tool's (a shell running anchors one after another: its own rss self
	// means nothing, its tree-max is the largest of them).
	rssTreeMaxTarget bool
}

var suites = map[string]suite{
	"deepcopy": {
		name:        "deepcopy",
		tools:       []string{toolMetagen, toolDeepcopyGen, toolControllerGen},
		outputFile:  deepcopyOutputFile,
		metagenArgs: "generate -g deepcopy --header-file {header} ./...",
		prepare:     removeDeepcopyFiles,
		ratioPairs:  [][2]string{{toolMetagen, toolControllerGen}, {toolMetagen, toolDeepcopyGen}, {toolDeepcopyGen, toolControllerGen}},
		target:      toolControllerGen,
		targetRatio: 0.5,
	},
	// openapi: every package of k8s.io/api that opts in with
	// +k8s:openapi-gen=true. metagen writes one zz_generated.openapi.go per
	// package, openapi-gen one for all of them (as Kubernetes runs it, without
	// regenerating the model name files k8s.io/api ships). The packages are
	// marked +metagen:openapi-gen-compatible so that metagen writes what
	// openapi-gen writes: by default it also turns a tag openapi-gen only logs
	// about (+listType on a string in admissionregistration/v1beta1) into an
	// error.
	"openapi": {
		name:        "openapi",
		tools:       []string{toolMetagen, toolOpenAPIGen},
		outputFile:  openAPIOutputFile,
		metagenArgs: "generate -g openapi --header-file {header} ./...",
		prepare:     markOpenAPICompatible,
		ratioPairs:  [][2]string{{toolMetagen, toolOpenAPIGen}},
		target:      toolOpenAPIGen,
		targetRatio: 0.2,
	},
	// client: the clientset, listers and informers of every package of
	// k8s.io/api with +genclient types (56 group versions), into one
	// directory, without apply configurations (metagen does not write them).
	// metagen is one run; the anchors are three, summed.
	"client": {
		name:        "client",
		tools:       []string{toolMetagen, toolCodeGenerator},
		outputFile:  "clientset.go",
		metagenArgs: "generate -g client --header-file {header} ./...",
		prepare:     markClientOutput,
		ratioPairs:  [][2]string{{toolMetagen, toolCodeGenerator}},
		target:      toolCodeGenerator,
		targetRatio: 0.3,
	},
	// validation: Validate_ functions and their registration for the
	// packages of k8s.io/api that Kubernetes generates validation for, in
	// place (see validation.go for how the copy is made to look like
	// validation-gen's input and why). Both tools are given the same list of
	// packages: {packages} in the arguments.
	"validation": {
		name:           "validation",
		tools:          []string{toolMetagen, toolValidationGen},
		outputFile:     validationOutputFile,
		metagenArgs:    "generate -g validation --header-file {header} {packages}",
		prepare:        prepareValidation,
		describeOutput: describeValidationOutput,
		ratioPairs:     [][2]string{{toolMetagen, toolValidationGen}},
		target:         toolValidationGen,
		targetRatio:    0.5,
	},
}

// clientOutputDir is where both client suites write, under the copy.
const clientOutputDir = "zz_client"

// removeDeepcopyFiles deletes the deepcopy files k8s.io/api ships and
// counts them.
func removeDeepcopyFiles(_ context.Context, ws *workspace) (int, error) {
	return ws.discardFilesNamed(deepcopyOutputFile)
}

// markClientOutput points every +genclient package of the copy at one
// clientset directory (+metagen:client-output) and returns 1: one clientset.
func markClientOutput(_ context.Context, ws *workspace) (int, error) {
	apiDir := ws.apiDir
	dirs, err := clientPackageDirs(apiDir)
	if err != nil {
		return 0, err
	}
	for _, dir := range dirs {
		doc := filepath.Join(apiDir, dir, "doc.go")
		data, err := os.ReadFile(doc)
		if err != nil {
			return 0, err
		}
		rel, err := filepath.Rel(filepath.Join(apiDir, dir), filepath.Join(apiDir, clientOutputDir))
		if err != nil {
			return 0, err
		}
		marked := strings.Replace(string(data), "\npackage ", "\n// +metagen:client-output="+filepath.ToSlash(rel)+"\npackage ", 1)
		if err := os.WriteFile(doc, []byte(marked), 0o644); err != nil {
			return 0, err
		}
	}
	return 1, nil
}

// clientPackageDirs lists, relative to apiDir and sorted, the directories
// of the packages that declare a +genclient type.
func clientPackageDirs(apiDir string) ([]string, error) {
	seen := map[string]bool{}
	err := filepath.WalkDir(apiDir, func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") {
			return err
		}
		data, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		for _, line := range strings.Split(string(data), "\n") {
			if strings.TrimSpace(line) == "// +genclient" {
				rel, err := filepath.Rel(apiDir, filepath.Dir(path))
				seen[filepath.ToSlash(rel)] = err == nil
				break
			}
		}
		return nil
	})
	var dirs []string
	for dir := range seen {
		dirs = append(dirs, dir)
	}
	sort.Strings(dirs)
	return dirs, err
}

// openAPIOutputFile is the file both OpenAPI generators are told to write.
const openAPIOutputFile = "zz_generated.openapi.go"

// markOpenAPICompatible adds +metagen:openapi-gen-compatible to the doc.go of
// every package that opts in to openapi-gen, and counts them.
func markOpenAPICompatible(_ context.Context, ws *workspace) (int, error) {
	apiDir := ws.apiDir
	count := 0
	err := filepath.WalkDir(apiDir, func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || d.Name() != "doc.go" {
			return err
		}
		data, err := os.ReadFile(path)
		if err != nil || !strings.Contains(string(data), "+k8s:openapi-gen=true") {
			return err
		}
		count++
		marked := strings.Replace(string(data), "// +k8s:openapi-gen=true", "// +k8s:openapi-gen=true\n// +metagen:openapi-gen-compatible", 1)
		return os.WriteFile(path, []byte(marked), 0o644)
	})
	return count, err
}
