package deepcopy_test

import (
	"testing"

	"github.com/metagen-dev/metagen/generators/pipeline"
	"github.com/metagen-dev/metagen/metagentest"
)

// TestDogfoodIsCurrent fails when the deepcopy code of the in-process
// server's multi-version test types is stale: run
// go generate ./server/internal/testapi/... (The test lives here because
// server/ does not import generators/.)
func TestDogfoodIsCurrent(t *testing.T) {
	metagentest.VerifyWith(t, pipeline.Options{Dir: repoRoot(t), Patterns: []string{"./server/internal/testapi/..."}})
}
