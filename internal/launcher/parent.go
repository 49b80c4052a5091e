package launcher

import (
	"fmt"
	"os"
	"os/exec"
	"runtime"
	"strconv"
	"strings"
)

// GoFlags are the build flags "go tool" takes (go help tool) that change
// what a build of the tool reads; -n and -C need nothing from the launcher
// (-n runs no tool; -C has already changed its working directory).
type GoFlags struct {
	ModFile    string // -modfile: another go.mod
	Overlay    string // -overlay: files replaced by others, which only the go command can hash
	ModCacheRW bool   // -modcacherw
}

// buildArgs are the flags again, for go build, go run and go list.
func (f GoFlags) buildArgs() []string {
	var args []string
	if f.ModFile != "" {
		args = append(args, "-modfile="+f.ModFile)
	}
	if f.Overlay != "" {
		args = append(args, "-overlay="+f.Overlay)
	}
	if f.ModCacheRW {
		args = append(args, "-modcacherw")
	}
	return args
}

// uncacheable: an overlay, on the command line or in GOFLAGS (goflags),
// names files the launcher's fingerprint does not see.
func (f GoFlags) uncacheable(goflags string) bool {
	return f.Overlay != "" || strings.Contains(goflags, "-overlay")
}

// parentGoFlags reads the flags of "go tool" from the command line of the
// process that started the launcher. Another parent (a shell, go run) gave
// none: the launcher then builds as GOFLAGS says, as go build would.
func parentGoFlags() (GoFlags, error) {
	argv, err := commandLine(os.Getppid())
	if err != nil {
		return GoFlags{}, nil // no way to ask: flags on go tool's command line are rare
	}
	return goToolFlags(argv)
}

// commandLine is the argument list of process pid: /proc on Linux, ps
// elsewhere (split at spaces, so a flag value with a space in it is misread).
func commandLine(pid int) ([]string, error) {
	if runtime.GOOS == "linux" {
		data, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/cmdline")
		if err != nil {
			return nil, err
		}
		return strings.Split(strings.TrimSuffix(string(data), "\x00"), "\x00"), nil
	}
	out, err := exec.Command("ps", "-o", "args=", "-p", strconv.Itoa(pid)).Output()
	if err != nil {
		return nil, err
	}
	return strings.Fields(string(out)), nil
}

// goToolFlags parses argv as "go [-C dir] tool [flags] name ...": the flags
// of go tool, or none when argv is another command.
func goToolFlags(argv []string) (GoFlags, error) {
	var flags GoFlags
	if len(argv) < 2 || !isGoCommand(argv[0]) {
		return flags, nil
	}
	args := argv[1:]
	if name, _, _ := splitFlag(args[0]); name == "C" {
		args = args[1:]
		if !strings.Contains(argv[1], "=") && len(args) > 0 {
			args = args[1:]
		}
	}
	if len(args) == 0 || args[0] != "tool" {
		return flags, nil
	}
	for args = args[1:]; len(args) > 0 && strings.HasPrefix(args[0], "-"); args = args[1:] {
		name, value, hasValue := splitFlag(args[0])
		switch name {
		case "n", "modcacherw":
			flags.ModCacheRW = flags.ModCacheRW || name == "modcacherw"
			continue
		case "C", "modfile", "overlay":
		case "":
			return flags, nil // "--": the tool's name follows
		default:
			return flags, fmt.Errorf("go tool %s: a flag the launcher does not know; run it as go run github.com/metagen-dev/metagen/cmd/metagen", args[0])
		}
		if !hasValue {
			if len(args) < 2 {
				return flags, nil
			}
			args = args[1:]
			value = args[0]
		}
		switch name {
		case "modfile":
			flags.ModFile = value
		case "overlay":
			flags.Overlay = value
		}
	}
	return flags, nil
}

// splitFlag splits "-name=value" or "--name" the way package flag reads them.
func splitFlag(arg string) (name, value string, hasValue bool) {
	if !strings.HasPrefix(arg, "-") {
		return "", "", false
	}
	name = strings.TrimPrefix(strings.TrimPrefix(arg, "-"), "-")
	name, value, hasValue = strings.Cut(name, "=")
	return name, value, hasValue
}

// isGoCommand: the go command, by its file name (go, go.exe, or a
// toolchain's go under GOROOT/bin).
func isGoCommand(path string) bool {
	base := path[strings.LastIndexAny(path, `/\`)+1:]
	return base == "go" || base == "go.exe"
}
