package validation_test

import (
	"testing"

	"github.com/metagen-dev/metagen/generators/pipeline"
	"github.com/metagen-dev/metagen/metagentest"
)

// TestDogfoodIsCurrent fails when schema/certificates/v1's
// zz_generated.validations.go, generated from its +metagen:validation-for
// declarations of the k8s.io/api PodCertificateRequest types, is stale:
// run go generate ./schema/certificates/v1. (The test lives here because
// schema/ never imports generators/.)
func TestDogfoodIsCurrent(t *testing.T) {
	metagentest.VerifyWith(t, pipeline.Options{Dir: repoRoot(t), Patterns: []string{"./schema/certificates/v1"}})
}
