//go:build linux

package main

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
)

// validationOutputFile is the file both validation generators write in each
// package.
const validationOutputFile = "zz_generated.validations.go"

// validationPackages are the packages of k8s.io/api that Kubernetes v1.37.2
// generates validation for: every k8s.io/kubernetes/pkg/apis/<group>/<version>
// whose doc.go has +k8s:validation-gen=TypesWithField=TypeMeta and
// +k8s:validation-gen-input=k8s.io/api/<group>/<version> (hack/update-codegen.sh
// runs validation-gen on them all at once). events/v1beta1 and
// extensions/v1beta1 say +k8s:validation-gen=false and are left out.
var validationPackages = []string{
	"admission/v1", "admission/v1beta1",
	"admissionregistration/v1", "admissionregistration/v1alpha1", "admissionregistration/v1beta1",
	"apidiscovery/v2", "apidiscovery/v2beta1", "apiserverinternal/v1alpha1",
	"apps/v1", "apps/v1beta1", "apps/v1beta2",
	"authentication/v1", "authentication/v1alpha1", "authentication/v1beta1",
	"authorization/v1", "authorization/v1beta1", "autoscaling/v1", "autoscaling/v2",
	"batch/v1", "batch/v1beta1", "certificates/v1", "certificates/v1alpha1", "certificates/v1beta1",
	"coordination/v1", "coordination/v1alpha2", "coordination/v1beta1", "core/v1",
	"discovery/v1", "discovery/v1beta1", "events/v1",
	"flowcontrol/v1", "flowcontrol/v1beta1", "flowcontrol/v1beta2", "flowcontrol/v1beta3",
	"imagepolicy/v1alpha1", "lifecycle/v1alpha1", "networking/v1", "networking/v1beta1",
	"node/v1", "node/v1alpha1", "node/v1beta1", "policy/v1", "policy/v1beta1",
	"rbac/v1", "rbac/v1alpha1", "rbac/v1beta1",
	"resource/v1", "resource/v1alpha3", "resource/v1beta1", "resource/v1beta2",
	"scheduling/v1", "scheduling/v1alpha3", "scheduling/v1beta1",
	"storage/v1", "storage/v1alpha1", "storage/v1beta1", "storagemigration/v1", "storagemigration/v1beta1",
}

// validationUnsupported are the packages of validationPackages that metagen
// refuses, with the reasons; the default run leaves them out, so that both
// tools generate the same packages (metagen writes nothing when one package
// fails), and with them the packages that import them (see
// closeUnderImports). -validation-packages all puts them back. metagen
// accepts all 58 packages today (issue 3 removed the last 18: wrapped union,
// zero-or-one-of, dependency and mode discriminator tags, quoted dependency
// arguments, +listMapKey through an embedded struct, +kubebuilder:validation:Required
// with +optional, +listType on a pointer to a string).
var validationUnsupported = map[string]string{}

// validationReadOnlyPackages are validation-gen's --readonly-pkg flags, as
// hack/update-codegen.sh passes them: types the API packages use whose
// validation is not generated.
var validationReadOnlyPackages = []string{
	"k8s.io/apimachinery/pkg/api/resource",
	"k8s.io/apimachinery/pkg/runtime",
	"k8s.io/apimachinery/pkg/types",
	"k8s.io/apimachinery/pkg/util/intstr",
	"time",
}

// metaValidationPackage is where validation-gen finds (and, being told to
// generate it, writes) the validation of metav1 types: ObjectMeta,
// Condition, ... It is an input of validation-gen's run in Kubernetes too.
const metaValidationPackage = "k8s.io/apimachinery/pkg/apis/meta/v1/validation"

// customValidations are the hand-written functions that +k8s:customValidation
// tags in k8s.io/api call. Kubernetes has them next to its generated code
// (pkg/apis/core/v1/validation.go, pkg/apis/lifecycle/v1alpha1/validation.go);
// both generators require them, so the copy gets stubs with the same
// signatures.
var customValidations = map[string]string{
	"core/v1": `func ValidateCustom_EvictionResponder_Name(ctx context.Context, op operation.Operation, fldPath *field.Path, value, oldValue *string) field.ErrorList {
	return nil
}

func ValidateCustom_EvictionResponder_Priority(ctx context.Context, op operation.Operation, fldPath *field.Path, value, oldValue *int32) field.ErrorList {
	return nil
}
`,
	"lifecycle/v1alpha1": `func ValidateCustom_EvictionRequestSpec_Requester(ctx context.Context, op operation.Operation, fldPath *field.Path, value, oldValue *string) field.ErrorList {
	return nil
}
`,
}

// selectValidationPackages turns the -validation-packages flag into package
// directories: "" for the default set, "all", or a comma-separated list.
func selectValidationPackages(flag string) ([]string, error) {
	switch flag {
	case "":
		var pkgs []string
		for _, p := range validationPackages {
			if _, skip := validationUnsupported[p]; !skip {
				pkgs = append(pkgs, p)
			}
		}
		return pkgs, nil
	case "all":
		return validationPackages, nil
	}
	var pkgs []string
	for _, p := range strings.Split(flag, ",") {
		p = strings.Trim(strings.TrimSpace(p), "./")
		if p == "" {
			continue
		}
		if !contains(validationPackages, p) {
			return nil, fmt.Errorf("-validation-packages: %q is not one of the packages Kubernetes generates validation for", p)
		}
		pkgs = append(pkgs, p)
	}
	if len(pkgs) == 0 {
		return nil, fmt.Errorf("-validation-packages selects no package")
	}
	return pkgs, nil
}

// prepareValidation makes the copy look like Kubernetes' validation-gen
// input, out of tree:
//
//   - each selected package's doc.go gets +k8s:validation-gen=TypesWithField=TypeMeta
//     (the tag of its k8s.io/kubernetes counterpart) in place of the tags it
//     ships (resource/v1 and scheduling/v1alpha3 generate a few types of
//     their own), and the two zz_generated.validations.go files k8s.io/api
//     ships are removed;
//   - the packages with +k8s:customValidation tags get stub functions;
//   - k8s.io/apimachinery is copied next to the copy and replaced into its
//     go.mod: validation-gen resolves metav1 types (ObjectMeta, Condition)
//     through metaValidationPackage, which it must be given as an input and
//     so writes into. Out of the module cache that is the only way it runs
//     (kubernetes/kubernetes#141765); metagen sees the same go.mod.
//
// It returns the number of packages, each of which should get a file.
func prepareValidation(ctx context.Context, ws *workspace) (int, error) {
	if err := ws.closeUnderImports(ctx); err != nil {
		return 0, err
	}
	for _, pkg := range ws.packages {
		dir := filepath.Join(ws.apiDir, pkg)
		if err := tagValidationPackage(filepath.Join(dir, "doc.go")); err != nil {
			return 0, err
		}
		if path := filepath.Join(dir, validationOutputFile); fileExists(path) {
			if err := ws.discard(path); err != nil {
				return 0, err
			}
		}
		if body, ok := customValidations[pkg]; ok {
			src := fmt.Sprintf("package %s\n\nimport (\n\t\"context\"\n\n\t\"k8s.io/apimachinery/pkg/api/operation\"\n\t\"k8s.io/apimachinery/pkg/util/validation/field\"\n)\n\n%s",
				filepath.Base(pkg), body)
			if err := os.WriteFile(filepath.Join(dir, "validation_custom.go"), []byte(src), 0o644); err != nil {
				return 0, err
			}
		}
	}
	// Packages left out keep their tags and files: neither tool is asked
	// to generate them.
	version, err := requiredVersion(ctx, ws.apiDir, "k8s.io/apimachinery")
	if err != nil {
		return 0, err
	}
	source, err := downloadModule(ctx, "k8s.io/apimachinery@"+version)
	if err != nil {
		return 0, err
	}
	fmt.Fprintf(os.Stderr, "copying %s to %s\n", source, ws.apimachineryDir())
	if err := copyTree(source, ws.apimachineryDir()); err != nil {
		return 0, err
	}
	if _, err := runQuiet(ctx, ws.apiDir, goEnv(), "go", "mod", "edit", "-replace", "k8s.io/apimachinery=../apimachinery"); err != nil {
		return 0, err
	}
	return len(ws.packages), nil
}

func (ws *workspace) apimachineryDir() string { return filepath.Join(ws.root, "apimachinery") }

// closeUnderImports drops from ws.packages each package that imports a
// package of k8s.io/api left out of the run, until none does: both tools
// refuse a field whose type is in a package they do not generate (apps/v1
// needs core/v1's PodTemplateSpec).
func (ws *workspace) closeUnderImports(ctx context.Context) error {
	out, err := runQuiet(ctx, ws.apiDir, goEnv(), "go", "list", "-f", `{{.ImportPath}}{{range .Imports}} {{.}}{{end}}`, "./...")
	if err != nil {
		return err
	}
	imports := map[string][]string{}
	for _, line := range strings.Split(strings.TrimSpace(out), "\n") {
		fields := strings.Fields(line)
		if len(fields) == 0 {
			continue
		}
		pkg := strings.TrimPrefix(fields[0], "k8s.io/api/")
		for _, imp := range fields[1:] {
			if dep, ok := strings.CutPrefix(imp, "k8s.io/api/"); ok {
				imports[pkg] = append(imports[pkg], dep)
			}
		}
	}
	in := map[string]bool{}
	for _, p := range ws.packages {
		in[p] = true
	}
	for changed := true; changed; {
		changed = false
		for _, p := range ws.packages {
			if !in[p] {
				continue
			}
			for _, dep := range imports[p] {
				if !in[dep] {
					fmt.Fprintf(os.Stderr, "leaving out %s: it imports %s, which is not in the run\n", p, dep)
					in[p], changed = false, true
					break
				}
			}
		}
	}
	var kept []string
	for _, p := range ws.packages {
		if in[p] {
			kept = append(kept, p)
		}
	}
	if len(kept) == 0 {
		return fmt.Errorf("no package left to generate: each imports one that is not in the run")
	}
	ws.packages = kept
	return nil
}

var packageClause = regexp.MustCompile(`(?m)^package `)

// tagValidationPackage replaces the validation-gen tags of doc.go with the
// one Kubernetes uses.
func tagValidationPackage(doc string) error {
	data, err := os.ReadFile(doc)
	if err != nil {
		return err
	}
	var kept []string
	for _, line := range strings.SplitAfter(string(data), "\n") {
		if !strings.Contains(line, "+k8s:validation-gen") {
			kept = append(kept, line)
		}
	}
	text := strings.Join(kept, "")
	loc := packageClause.FindStringIndex(text)
	if loc == nil {
		return fmt.Errorf("%s: no package clause", doc)
	}
	text = text[:loc[0]] + "// +k8s:validation-gen=TypesWithField=TypeMeta\n" + text[loc[0]:]
	return os.WriteFile(doc, []byte(text), 0o644)
}

// requiredVersion reads the version of module that dir's go.mod requires.
func requiredVersion(ctx context.Context, dir, module string) (string, error) {
	out, err := runQuiet(ctx, dir, goEnv(), "go", "mod", "edit", "-json")
	if err != nil {
		return "", err
	}
	var gomod struct {
		Require []struct{ Path, Version string }
	}
	if err := json.Unmarshal([]byte(out), &gomod); err != nil {
		return "", err
	}
	for _, r := range gomod.Require {
		if r.Path == module {
			return r.Version, nil
		}
	}
	return "", fmt.Errorf("%s/go.mod does not require %s", dir, module)
}

// describeValidationOutput says what a tool generated, so that the two
// tools' work can be compared: files, and Validate_ functions.
func describeValidationOutput(ws *workspace, added []string) string {
	var files []string
	for _, rel := range added {
		if filepath.Base(rel) == validationOutputFile {
			files = append(files, rel)
		}
	}
	sort.Strings(files)
	funcs, bytes := 0, 0
	for _, rel := range files {
		data, err := os.ReadFile(filepath.Join(ws.apiDir, rel))
		if err != nil {
			continue
		}
		bytes += len(data)
		funcs += strings.Count(string(data), "\nfunc Validate_")
	}
	return fmt.Sprintf("%d files, %d Validate_ functions, %d KiB", len(files), funcs, bytes>>10)
}
