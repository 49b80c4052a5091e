//go:build unix

package gofile

import (
	"errors"
	"syscall"
)

// processExists reports whether a process with the id runs (signal 0 checks
// without sending anything).
func processExists(pid int) bool {
	err := syscall.Kill(pid, 0)
	return err == nil || errors.Is(err, syscall.EPERM)
}
