package webhook_test

import (
	"flag"
	"testing"

	"github.com/metagen-dev/metagen/generators/cli"
	"github.com/metagen-dev/metagen/generators/markers"
	"github.com/metagen-dev/metagen/generators/webhook"
	"github.com/metagen-dev/metagen/internal/golden"
)

var update = flag.Bool("update", false, "rewrite the .yaml and .errors files under testdata/golden")

// TestGolden: each testdata/golden/<case>.go's +kubebuilder:webhook and
// +kubebuilder:webhookconfiguration markers give the configurations in
// <case>.yaml, or the positioned errors in <case>.errors (go test
// ./generators/webhook -update rewrites them; with METAGEN_CONTROLLERGEN=1
// controller-gen must write the same configurations).
func TestGolden(t *testing.T) {
	golden.Manifests(t, *update, golden.ManifestAnchor{Generator: "webhook", Output: "webhook", File: "manifests.yaml"},
		webhook.Configurations, markers.KBWebhook.Name, markers.KBWebhookConfiguration.Name)
}

// TestBadInput: an unknown failurePolicy, a misspelled verb and missing
// required fields stop `metagen generate -g webhook` with positioned
// errors, exit 2, nothing written.
func TestBadInput(t *testing.T) {
	golden.BadManifestInput(t, cli.Run, "webhook")
}
