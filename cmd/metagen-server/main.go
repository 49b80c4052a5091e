// Command metagen-server runs metagen's in-process API server: what
// "metagen serve" runs (see "metagen help serve"). It is a command of its
// own so that metagen, the generator, does not link k8s.io/apiserver.
package main

import (
	"os"

	"github.com/metagen-dev/metagen/generators/servecmd"
)

func main() {
	os.Exit(servecmd.Serve(os.Args[1:], os.Stdout, os.Stderr))
}
