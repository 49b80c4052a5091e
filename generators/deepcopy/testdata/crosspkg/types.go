package crosspkg

import "github.com/metagen-dev/metagen/generators/deepcopy/testdata/external"

// User holds external.Plain in every position.
type User struct {
	Plain  external.Plain
	Ptr    *external.Plain
	List   []external.Plain
	ByName map[string]external.Plain
	Array  [2]*external.Plain
}
