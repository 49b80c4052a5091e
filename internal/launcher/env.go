package launcher

import (
	"bytes"
	"errors"
	"fmt"
	"hash"
	"os"
	"path/filepath"
	"sort"
	"strings"
)

// goEnv is the go command's configuration as it reads it (go help
// environment): the process environment first, then the user's go/env file
// (go env -w), then GOROOT/go.env. Reading it here instead of running go env
// halves what the launcher costs on top of go tool.
type goEnv struct {
	goroot    string
	user      map[string]string // GOENV's file
	defaults  map[string]string // GOROOT/go.env
	userFile  []byte
	rootFile  []byte
	goBinPath string
}

// notBuildSettings are variables that go generate sets for each directive
// (each would give every go:generate line a binary of its own) and the
// runtime's own, which change no build.
var notBuildSettings = map[string]bool{
	"GOFILE": true, "GOLINE": true, "GOPACKAGE": true, "GOROOT": true,
	"GOMAXPROCS": true, "GOGC": true, "GOMEMLIMIT": true, "GOTRACEBACK": true, "GOCOVERDIR": true,
}

// buildSettingPrefixes: the variables go env lists, by prefix or name.
var buildSettingPrefixes = []string{"GO", "CGO_", "CC=", "CXX=", "FC=", "AR=", "PKG_CONFIG=", "GCCGO="}

func readGoEnv() goEnv {
	e := goEnv{goBinPath: goBinary()}
	if file := envFile(); file != "" {
		e.userFile, _ = os.ReadFile(file) // missing: go env -w was never run
		e.user = parseEnvFile(e.userFile)
	}
	e.goroot = os.Getenv("GOROOT")
	if e.goroot == "" {
		e.goroot = e.user["GOROOT"]
	}
	if e.goroot == "" {
		// go tool puts its GOROOT/bin first on PATH.
		if bin, err := filepath.EvalSymlinks(e.goBinPath); err == nil {
			e.goroot = filepath.Dir(filepath.Dir(bin))
		}
	}
	if root, err := filepath.EvalSymlinks(e.goroot); err == nil {
		e.goroot = root
	}
	if e.goroot != "" {
		e.rootFile, _ = os.ReadFile(filepath.Join(e.goroot, "go.env"))
		e.defaults = parseEnvFile(e.rootFile)
	}
	return e
}

// get is the value of the configuration variable name.
func (e goEnv) get(name string) string {
	if v := os.Getenv(name); v != "" {
		return v
	}
	if v := e.user[name]; v != "" {
		return v
	}
	return e.defaults[name]
}

// write records in h all that the value of a build setting can come from.
func (e goEnv) write(h hash.Hash) {
	var vars []string
	for _, kv := range os.Environ() {
		name, _, _ := strings.Cut(kv, "=")
		if notBuildSettings[name] {
			continue
		}
		for _, prefix := range buildSettingPrefixes {
			if strings.HasPrefix(kv, prefix) {
				vars = append(vars, kv)
				break
			}
		}
	}
	sort.Strings(vars)
	fmt.Fprintf(h, "environment %q\ngoroot %s\n", vars, e.goroot)
	fmt.Fprintf(h, "go/env %d\n%s\ngo.env %d\n%s\n", len(e.userFile), e.userFile, len(e.rootFile), e.rootFile)
}

// envFile is the user's go/env file, as the go command finds it.
func envFile() string {
	if file := os.Getenv("GOENV"); file != "" {
		if file == "off" {
			return ""
		}
		return file
	}
	dir, err := os.UserConfigDir()
	if err != nil || dir == "" {
		return ""
	}
	return filepath.Join(dir, "go", "env")
}

// parseEnvFile reads NAME=value lines, skipping others (comments) as the go
// command does.
func parseEnvFile(data []byte) map[string]string {
	vars := map[string]string{}
	for _, line := range bytes.Split(data, []byte("\n")) {
		name, value, ok := bytes.Cut(line, []byte("="))
		if ok && len(name) > 0 && 'A' <= name[0] && name[0] <= 'Z' {
			vars[string(name)] = string(value)
		}
	}
	return vars
}

// findUp is the first dir/name in dir or a parent directory, or "".
func findUp(dir, name string) string {
	for {
		if info, err := os.Stat(filepath.Join(dir, name)); err == nil && !info.IsDir() {
			return filepath.Join(dir, name)
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return ""
		}
		dir = parent
	}
}

// errNotAModule: outside a module, or with modules off, the go command has
// its own words for what is wrong (go run says them).
var errNotAModule = errors.New("not in a module")
