package multipkg

import "github.com/metagen-dev/metagen/generators/deepcopy/testdata/multipkg/sub"

// User holds sub's types.
type User struct {
	Thing   sub.Thing
	Ptr     *sub.Thing
	Things  sub.Things
	List    []sub.Thing
	ByName  map[string]sub.Thing
	Labels  sub.Labels
	Handled sub.Handled
}
