package crd_test

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/metagen-dev/metagen/generators/gofile"
	"github.com/metagen-dev/metagen/generators/model"
	"github.com/metagen-dev/metagen/generators/pipeline"
)

// errorsFile is the name generateDir gives a failed run's errors.
const errorsFile = "errors.txt"

// generateDir runs the crd generator through the pipeline on the packages
// under dir with settings (the crd options tests, whose inputs are not
// golden cases); files come back by path relative to dir, or errorsFile
// (positions relative to dir) when the run fails.
func generateDir(t *testing.T, dir string, settings model.Settings) map[string][]byte {
	t.Helper()
	plan, err := pipeline.NewPlan(pipeline.Options{Dir: dir, Patterns: []string{"./..."}, Only: []string{"crd"}, Settings: settings})
	if err != nil {
		return map[string][]byte{errorsFile: []byte(strings.ReplaceAll(err.Error(), dir+string(filepath.Separator), "") + "\n")}
	}
	got := map[string][]byte{}
	for _, c := range plan.Changes {
		if c.Action == gofile.Remove {
			continue
		}
		rel, err := filepath.Rel(dir, c.Path)
		if err != nil {
			t.Fatal(err)
		}
		got[filepath.ToSlash(rel)] = c.New
	}
	return got
}
