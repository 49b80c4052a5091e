package launcher

import (
	"path/filepath"
	"strconv"
	"strings"
)

// modFile is what the fingerprint reads of a go.mod or go.work file: the
// directories it names (replacements by a directory, go.work's use lines)
// and the module's own path.
type modFile struct {
	module       string
	replacedDirs []string // absolute
	useDirs      []string // absolute
}

// parseModFile reads the module, replace and use directives of a go.mod or
// go.work file at path, whose relative directories are relative to it. The
// go command has rejected a file it cannot parse before the launcher runs,
// so this reads the valid grammar only (go help go.mod): a directive on a
// line, or a block of them in parentheses; paths bare or quoted; comments.
func parseModFile(path string, data []byte) modFile {
	var f modFile
	dir := filepath.Dir(path)
	block := ""
	for _, line := range strings.Split(string(data), "\n") {
		fields := tokens(line)
		if len(fields) == 0 {
			continue
		}
		verb := block
		switch {
		case block != "" && fields[0] == ")":
			block = ""
			continue
		case block == "" && len(fields) == 2 && fields[1] == "(":
			block = fields[0]
			continue
		case block == "":
			verb, fields = fields[0], fields[1:]
		}
		switch verb {
		case "module":
			if len(fields) > 0 {
				f.module = fields[0]
			}
		case "use":
			if len(fields) > 0 {
				f.useDirs = append(f.useDirs, absolute(dir, fields[0]))
			}
		case "replace":
			// old [version] => new [version]; new without a version is a directory.
			for i, field := range fields {
				if field == "=>" && len(fields) == i+2 && isDirectoryPath(fields[i+1]) {
					f.replacedDirs = append(f.replacedDirs, absolute(dir, fields[i+1]))
				}
			}
		}
	}
	return f
}

// tokens splits a line into fields, a quoted string (either quote) being
// one, up to a // comment.
func tokens(line string) []string {
	var out []string
	for {
		line = strings.TrimLeft(line, " \t\r")
		switch {
		case line == "" || strings.HasPrefix(line, "//"):
			return out
		case line[0] == '"' || line[0] == '`':
			end := 1
			for end < len(line) && line[end] != line[0] {
				if line[0] == '"' && line[end] == '\\' {
					end++
				}
				end++
			}
			quoted := line[:min(end+1, len(line))]
			if s, err := strconv.Unquote(quoted); err == nil {
				out = append(out, s)
			} else {
				out = append(out, quoted)
			}
			line = line[len(quoted):]
		default:
			end := strings.IndexAny(line, " \t\r")
			if end < 0 {
				end = len(line)
			}
			if c := strings.Index(line[:end], "//"); c >= 0 {
				end = c
			}
			out = append(out, line[:end])
			line = line[end:]
		}
	}
}

// isDirectoryPath: a replacement's new path is a directory when it is
// absolute or starts with ./ or ../ (the go command's rule).
func isDirectoryPath(p string) bool {
	for _, prefix := range []string{"./", "../", `.\`, `..\`} {
		if strings.HasPrefix(p, prefix) {
			return true
		}
	}
	return p == "." || p == ".." || filepath.IsAbs(p)
}

func absolute(dir, p string) string {
	if filepath.IsAbs(p) {
		return filepath.Clean(p)
	}
	return filepath.Join(dir, p)
}
