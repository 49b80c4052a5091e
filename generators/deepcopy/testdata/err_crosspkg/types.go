package err_crosspkg

import "github.com/metagen-dev/metagen/generators/deepcopy/testdata/external"

// User holds external.WithRefs.
type User struct {
	Refs  external.WithRefs
	Deep  *external.Deep
	Plain external.Plain
}
