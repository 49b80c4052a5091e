//go:build unix

package launcher

import (
	"fmt"
	"io"
	"os"
	"syscall"
)

// execute replaces the launcher with binary: the exit code, signals and
// standard streams are then the binary's own.
func execute(binary string, argv []string, stderr io.Writer) int {
	err := syscall.Exec(binary, argv, os.Environ())
	fmt.Fprintf(stderr, "%s: exec %s: %v\n", argv[0], binary, err)
	return 2
}

func exeSuffix() string { return "" }
