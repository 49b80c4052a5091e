package server_test

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"k8s.io/client-go/discovery"

	"github.com/metagen-dev/metagen/server"
)

// Options.ResourceCRDPaths serves a scheme's Go types under their CRD's
// names: plural, singular, short names, categories and scope, in discovery
// as kube-apiserver lists a CRD's (the widgets CRD, renamed here so that
// nothing is the default guess from the kind).
func TestResourceCRDPathsNameTheTypedResources(t *testing.T) {
	manifest, err := os.ReadFile("../examples/widgets/config/crd/widgets.example.com_widgets.yaml")
	if err != nil {
		t.Fatal(err)
	}
	renamed := strings.NewReplacer(
		"plural: widgets", "plural: widgetries",
		"singular: widget", "singular: widgetry\n    shortNames:\n    - wg\n    categories:\n    - gadgets",
		"scope: Namespaced", "scope: Cluster",
	).Replace(string(manifest))
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "widgets.yaml"), []byte(renamed), 0o644); err != nil {
		t.Fatal(err)
	}
	s := server.StartForTest(t, server.Options{Scheme: widgetsScheme(t), ResourceCRDPaths: []string{dir}})
	list, err := discovery.NewDiscoveryClientForConfigOrDie(s.RESTConfig()).ServerResourcesForGroupVersion("widgets.example.com/v1")
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, r := range list.APIResources {
		names = append(names, r.Name)
		if r.Name != "widgetries" {
			continue
		}
		if r.SingularName != "widgetry" || r.Namespaced || !slices.Equal(r.ShortNames, []string{"wg"}) || !slices.Equal(r.Categories, []string{"gadgets"}) {
			t.Errorf("widgetries: singular %q namespaced %v short names %v categories %v; want widgetry, cluster-scoped, [wg], [gadgets]",
				r.SingularName, r.Namespaced, r.ShortNames, r.Categories)
		}
	}
	slices.Sort(names)
	if !slices.Equal(names, []string{"widgetries", "widgetries/status"}) {
		t.Errorf("served %v, want the CRD's names only", names)
	}
}

// A CRD in ResourceCRDPaths whose kind the scheme lacks names nothing to
// serve: Start refuses it.
func TestResourceCRDPathsRefuseKindsNotInTheScheme(t *testing.T) {
	manifest, err := os.ReadFile("testdata/crds/widgets.yaml")
	if err != nil {
		t.Fatal(err)
	}
	gadgets := filepath.Join(t.TempDir(), "gadgets.yaml")
	if err := os.WriteFile(gadgets, []byte(strings.ReplaceAll(string(manifest), "Widget", "Gadget")), 0o644); err != nil {
		t.Fatal(err)
	}
	s, err := server.Start(t.Context(), server.Options{Scheme: widgetsScheme(t), ResourceCRDPaths: []string{gadgets}})
	if err == nil {
		_ = s.Stop()
	}
	if err == nil || !strings.Contains(err.Error(), "is in the scheme") {
		t.Fatalf("Start: %v, want an error for the CRD of a kind the scheme lacks", err)
	}
}
