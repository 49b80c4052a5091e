// Package user imports a package made only of our generated files.
package user

import "github.com/metagen-dev/metagen/generators/load/testdata/outputonly/client"

// Uses holds the generated type.
type Uses struct {
	Client *client.Client
}
