//go:build !unix

package cli

import (
	"os"
	"os/exec"
)

func ownProcessGroup(*exec.Cmd) {}

func interrupt(cmd *exec.Cmd) {
	cmd.Process.Signal(os.Interrupt)
}
