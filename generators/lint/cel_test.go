package lint

import (
	"go/token"
	"go/types"
	"strings"
	"testing"

	"github.com/metagen-dev/metagen/generators/markers"
)

// refType is a struct like corev1.ObjectReference: fields name and namespace.
func refType() types.Type {
	pkg := types.NewPackage("example.com/v1", "v1")
	str := types.Typ[types.String]
	fields := []*types.Var{
		types.NewField(token.NoPos, pkg, "Name", str, false),
		types.NewField(token.NoPos, pkg, "Namespace", str, false),
	}
	st := types.NewStruct(fields, []string{`json:"name"`, `json:"namespace"`})
	return types.NewNamed(types.NewTypeName(token.NoPos, pkg, "Ref", nil), st, nil)
}

// A property that is a CEL keyword is selected escaped, as kube-apiserver
// names it (external-snapshotter: self.__namespace__); an unknown field is
// still an error.
func TestRuleSelectsEscapedPropertyNames(t *testing.T) {
	m := markers.Marker{Name: markers.KBValidationXValidation.Name}
	if errs := checkRule(m, "has(self.name) && has(self.__namespace__)", refType(), "field Ref"); len(errs) != 0 {
		t.Errorf("escaped namespace: %v", errs)
	}
	errs := checkRule(m, "has(self.__namspace__)", refType(), "field Ref")
	if len(errs) != 1 || !strings.Contains(errs[0].Error(), `no field with the JSON name "__namspace__"`) {
		t.Errorf("misspelled escaped name: %v", errs)
	}
}
