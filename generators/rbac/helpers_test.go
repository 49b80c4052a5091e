package rbac_test

import (
	"go/parser"
	"go/token"
	"testing"

	rbacv1 "k8s.io/api/rbac/v1"

	"github.com/metagen-dev/metagen/generators/markers"
)

// parse reads the rbac markers of comment lines, written as a file's free comments.
func parse(t *testing.T, comments string) markers.Set {
	t.Helper()
	fset := token.NewFileSet()
	file, err := parser.ParseFile(fset, "in.go", "package p\n\n"+comments, parser.ParseComments)
	if err != nil {
		t.Fatal(err)
	}
	found, _, errs := markers.PackageLevel(fset, file, markers.KBRBAC.Name)
	if len(errs) > 0 {
		t.Fatal(errs)
	}
	return found
}

func nameOf(object any) string {
	switch o := object.(type) {
	case rbacv1.ClusterRole:
		return o.Name
	case rbacv1.Role:
		return o.Name
	}
	return "?"
}
