// Command metagen is what "go tool metagen" runs: a launcher that links only
// the standard library, so that the go command's check of it before each run
// is quick, and that runs github.com/metagen-dev/metagen/cmd/metagen, built
// once per build configuration and cached (internal/launcher says how).
//
//	go get -tool github.com/metagen-dev/metagen/tool/metagen
package main

import (
	"os"

	"github.com/metagen-dev/metagen/internal/launcher"
)

func main() {
	os.Exit(launcher.Main(launcher.Metagen, os.Args[1:], os.Stderr))
}
