// Package expect compares the errors of generated validation in the golden
// cases' behaviour tests.
package expect

import (
	"context"
	"strings"
	"testing"

	"k8s.io/apimachinery/pkg/api/operation"
	"k8s.io/apimachinery/pkg/util/validation/field"
)

// Create and Update are the operations the tests validate under.
var (
	Create = operation.Operation{Type: operation.Create}
	Update = operation.Operation{Type: operation.Update}
	Ctx    = context.Background()
)

// Errors checks that got renders exactly as want, in order: each error as
// kube-apiserver shows it, "<field>: <type>: <value>: <detail>".
func Errors(t testing.TB, got field.ErrorList, want ...string) {
	t.Helper()
	var rendered []string
	for _, err := range got {
		rendered = append(rendered, err.Error())
	}
	if strings.Join(rendered, "\n") != strings.Join(want, "\n") {
		t.Errorf("errors:\n  %s\nwant:\n  %s", strings.Join(rendered, "\n  "), strings.Join(want, "\n  "))
	}
}

// Levels checks the stability level of each error, in order, written as
// "alpha,beta,stable".
func Levels(t testing.TB, errs field.ErrorList, want string) {
	t.Helper()
	var got []string
	for _, err := range errs {
		switch {
		case err.IsAlpha():
			got = append(got, "alpha")
		case err.IsBeta():
			got = append(got, "beta")
		default:
			got = append(got, "stable")
		}
	}
	if strings.Join(got, ",") != want {
		t.Errorf("stability levels: %s, want %s", strings.Join(got, ","), want)
	}
}
