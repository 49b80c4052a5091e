//go:build unix

package cli

import (
	"os/exec"
	"syscall"
)

// ownProcessGroup puts the server (and, under go run, the go command and
// the server it starts) in a process group of its own, so that interrupt
// reaches all of them and none outlives metagen.
func ownProcessGroup(cmd *exec.Cmd) {
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
}

func interrupt(cmd *exec.Cmd) {
	syscall.Kill(-cmd.Process.Pid, syscall.SIGINT)
}
