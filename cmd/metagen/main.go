// Command metagen generates deepcopy, validation, OpenAPI and client code for
// Kubernetes-style API types. See "metagen help".
package main

import (
	"os"

	"github.com/metagen-dev/metagen/generators/cli"
)

func main() {
	os.Exit(profiled(func() int { return cli.Run(os.Args[1:], os.Stdout, os.Stderr) }))
}
