package launcher

import (
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"runtime/debug"
	"strings"
)

// Fingerprint is the cache key of target's binary as the current module
// (dir, with flags) would build it. It covers what the build reads:
//   - the launcher's own build information (toolchain, GOOS/GOARCH, tags and
//     the other build settings, which go tool applies to both alike);
//   - the go command's configuration (goEnv: GOFLAGS, CGO and compiler
//     settings, GOWORK, GOEXPERIMENT ...);
//   - the main module's go.mod and go.sum, or go.work, go.work.sum and each
//     workspace module's: with the go.mod files of the modules they require,
//     which a version fixes, they decide the build list, and their go and
//     godebug lines change the binary too;
//   - the files of every directory a replace directive names, of workspace
//     modules and of a main module that is the target's own: those change
//     without a version changing; and of a vendor directory.
//
// Files are covered by name, size and modification time, as make does:
// reading the 400 files of a metagen checkout on every run would cost a third
// of what the launcher saves, and go list -m all would double it. It returns
// errNotAModule where the go command would find no module.
func Fingerprint(target Target, flags GoFlags, dir string) (string, error) {
	dir = absoluteDir(dir)
	env := readGoEnv()
	h := sha256.New()
	record := func(label string, data []byte) {
		fmt.Fprintf(h, "%s %d\n", label, len(data))
		h.Write(data)
	}
	if info, ok := debug.ReadBuildInfo(); ok {
		record("launcher", []byte(info.String()))
	}
	record("target", []byte(target.Package))
	record("flags", []byte(strings.Join(flags.buildArgs(), "\x00")))
	env.write(h)

	var trees []string // covered by statTree
	readModFile := func(path string) (modFile, error) {
		data, err := os.ReadFile(path)
		if err != nil {
			return modFile{}, err
		}
		record("file "+path, data)
		sum, err := os.ReadFile(sumFile(path))
		if err != nil && !errors.Is(err, fs.ErrNotExist) {
			return modFile{}, err
		}
		record("sum "+path, sum)
		f := parseModFile(path, data)
		trees = append(trees, f.replacedDirs...)
		return f, nil
	}
	gowork := env.get("GOWORK")
	if gowork == "" {
		gowork = findUp(dir, "go.work")
	}
	gomod := findUp(dir, "go.mod")
	switch {
	case env.get("GO111MODULE") == "off" || gomod == "" && (gowork == "" || gowork == "off"):
		return "", errNotAModule
	case gowork != "" && gowork != "off":
		work, err := readModFile(gowork)
		if err != nil {
			return "", err
		}
		for _, use := range work.useDirs {
			if _, err := readModFile(filepath.Join(use, "go.mod")); err != nil {
				return "", err
			}
			trees = append(trees, use)
		}
		trees = append(trees, filepath.Join(filepath.Dir(gowork), "vendor"))
	default:
		file := gomod
		if modFlag := modFileFlag(flags, env.get("GOFLAGS")); modFlag != "" {
			file = absolute(dir, modFlag)
		}
		main, err := readModFile(file)
		if err != nil {
			return "", err
		}
		if main.module == target.Module {
			trees = append(trees, filepath.Dir(gomod))
		}
		trees = append(trees, filepath.Join(filepath.Dir(gomod), "vendor"))
	}
	for _, tree := range trees {
		fmt.Fprintf(h, "tree %s\n", tree)
		if err := statTree(h, tree); err != nil {
			return "", err
		}
	}
	return hex.EncodeToString(h.Sum(nil)[:16]), nil
}

// sumFile is the checksum file beside a go.mod (go.sum, or alt.sum beside
// -modfile=alt.mod) or go.work (go.work.sum).
func sumFile(path string) string {
	if base, ok := strings.CutSuffix(path, ".mod"); ok {
		return base + ".sum"
	}
	return path + ".sum"
}

// modFileFlag is the -modfile the build uses: go tool's, or GOFLAGS'.
func modFileFlag(flags GoFlags, goflags string) string {
	if flags.ModFile != "" {
		return flags.ModFile
	}
	for _, field := range strings.Fields(goflags) {
		if name, value, ok := splitFlag(field); ok && name == "modfile" {
			return value
		}
	}
	return ""
}

func absoluteDir(dir string) string {
	if dir == "" {
		dir, _ = os.Getwd()
	}
	return dir
}
