package validation

import (
	"go/types"
	"sort"
	"strings"
	"testing"

	"golang.org/x/tools/go/packages"
)

// TestMetav1Validated checks metav1Validated against the Validate_
// functions k8s.io/apimachinery/pkg/apis/meta/v1/validation declares in the
// version this module requires.
func TestMetav1Validated(t *testing.T) {
	pkgs, err := packages.Load(&packages.Config{Mode: packages.NeedName | packages.NeedTypes}, metav1ValidationPath)
	if err != nil || len(pkgs) != 1 || len(pkgs[0].Errors) > 0 {
		t.Fatalf("load %s: %v %v", metav1ValidationPath, err, pkgs)
	}
	scope := pkgs[0].Types.Scope()
	var declared []string
	for _, name := range scope.Names() {
		fn, ok := scope.Lookup(name).(*types.Func)
		typeName, isValidate := strings.CutPrefix(name, "Validate_")
		if !ok || !isValidate {
			continue
		}
		declared = append(declared, typeName)
		// The function validates the metav1 type of its name.
		named, ok := types.Unalias(fn.Signature().Params().At(3).Type().(*types.Pointer).Elem()).(*types.Named)
		if !ok || !isMetav1(named, typeName) || !isValidateFunc(fn, named) {
			t.Errorf("%s is not a validation function of metav1.%s", name, typeName)
		}
	}
	var listed []string
	for name := range metav1Validated {
		listed = append(listed, name)
	}
	listed = append(listed, "Condition") // schema/meta's
	sort.Strings(declared)
	sort.Strings(listed)
	if strings.Join(declared, " ") != strings.Join(listed, " ") {
		t.Errorf("%s declares Validate_ for %v; metav1Validated (and Condition) lists %v", metav1ValidationPath, declared, listed)
	}
}
