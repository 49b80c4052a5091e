package crd_test

import (
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/metagen-dev/metagen/generators/crd"
	"github.com/metagen-dev/metagen/generators/model"
)

// The protected case has two protected groups: widgets.k8s.io without the
// api-approved.kubernetes.io annotation (its golden is kube-apiserver's
// refusal) and gadgets.kubernetes.io with it. These tests give the
// annotation on the command line, as --crd-api-approved does.

const (
	widgetsCRD  = "crds/widgets.k8s.io_widgets.yaml"
	gadgetsCRD  = "crds/gadgets.kubernetes.io_gadgets.yaml"
	approvedKey = "api-approved.kubernetes.io"
	sourceURL   = "https://github.com/kubernetes/enhancements/pull/1111"
)

func approvals(t *testing.T, approved map[string]string) (map[string]string, string) {
	t.Helper()
	dir, _ := filepath.Abs(filepath.Join("testdata", "protected"))
	files := generateDir(t, dir, model.Settings{CRD: model.CRDOptions{APIApproved: approved}})
	if errs, failed := files[errorsFile]; failed {
		return nil, string(errs)
	}
	got := map[string]string{}
	for file, data := range files {
		_, object := parseCRD(t, file, data)
		annotations, _ := object["metadata"].(map[string]any)["annotations"].(map[string]any)
		value, _ := annotations[approvedKey].(string)
		got[file] = value
	}
	return got, ""
}

func TestAPIApprovedForEveryProtectedGroup(t *testing.T) {
	got, errs := approvals(t, map[string]string{"": "unapproved, testing only"})
	if errs != "" {
		t.Fatalf("errors: %s", errs)
	}
	want := map[string]string{widgetsCRD: "unapproved, testing only", gadgetsCRD: sourceURL}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("annotations %v, want %v (the source's value kept where it gives one)", got, want)
	}
}

func TestAPIApprovedForOneGroup(t *testing.T) {
	url := "https://github.com/kubernetes/enhancements/pull/2222"
	got, errs := approvals(t, map[string]string{"widgets.k8s.io": url, "": "unapproved, other groups"})
	if errs != "" {
		t.Fatalf("errors: %s", errs)
	}
	if want := (map[string]string{widgetsCRD: url, gadgetsCRD: sourceURL}); !reflect.DeepEqual(got, want) {
		t.Errorf("annotations %v, want %v", got, want)
	}
	// Another group's value leaves widgets.k8s.io without one.
	_, errs = approvals(t, map[string]string{"gadgets.kubernetes.io": sourceURL})
	if !strings.Contains(errs, "widgets/v1/types.go:8:6: CustomResourceDefinition widgets.widgets.k8s.io: metadata.annotations[api-approved.kubernetes.io]: Required value") ||
		!strings.Contains(errs, "--crd-api-approved=widgets.k8s.io=") {
		t.Errorf("a value for gadgets.kubernetes.io alone: want widgets' refusal naming the flag, got %s", errs)
	}
}

func TestAPIApprovedDisagreeingWithTheSource(t *testing.T) {
	_, errs := approvals(t, map[string]string{"gadgets.kubernetes.io": "unapproved, no", "widgets.k8s.io": sourceURL})
	want := `gadgets/v1/types.go:8:4: +kubebuilder:metadata:annotations="api-approved.kubernetes.io=` + sourceURL + `" sets annotation api-approved.kubernetes.io to "` + sourceURL + `" but --crd-api-approved gives "unapproved, no" for group gadgets.kubernetes.io: keep one`
	if strings.TrimSpace(errs) != want {
		t.Errorf("errors:\n%s\nwant:\n%s", errs, want)
	}
}

func TestParseAPIApproved(t *testing.T) {
	for _, c := range []struct {
		values []string
		want   map[string]string
		err    string
	}{
		{values: nil, want: nil},
		{values: []string{"https://github.com/kubernetes/enhancements/pull/1111"}, want: map[string]string{"": "https://github.com/kubernetes/enhancements/pull/1111"}},
		{values: []string{"unapproved, a=b, experimental"}, want: map[string]string{"": "unapproved, a=b, experimental"}},
		{values: []string{"https://example.com/review?id=3"}, want: map[string]string{"": "https://example.com/review?id=3"}},
		{values: []string{"x.k8s.io=unapproved", "y.kubernetes.io=https://example.com/r"}, want: map[string]string{"x.k8s.io": "unapproved", "y.kubernetes.io": "https://example.com/r"}},
		{values: []string{"example.com=unapproved"}, err: "group example.com is not protected"},
		{values: []string{"approved by me"}, err: `--crd-api-approved=approved by me: want a URL`},
		{values: []string{"x.k8s.io="}, err: `--crd-api-approved=x.k8s.io=: want a URL`},
		{values: []string{"unapproved", "unapproved, later"}, err: `gives every protected group two values`},
	} {
		got, err := crd.ParseAPIApproved(c.values)
		if c.err != "" {
			if err == nil || !strings.Contains(err.Error(), c.err) {
				t.Errorf("ParseAPIApproved(%q): error %v, want one containing %q", c.values, err, c.err)
			}
			continue
		}
		if err != nil || !reflect.DeepEqual(got, c.want) {
			t.Errorf("ParseAPIApproved(%q) = %v, %v; want %v", c.values, got, err, c.want)
		}
	}
}
