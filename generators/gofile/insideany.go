package gofile

// pathChecker says whether a path, symlinks resolved, lies inside the
// module(s) a plan may write to; resolved is where the path leads.
type pathChecker interface {
	check(path string) (resolved string, inside bool)
}

// insideAny accepts a path inside any of a go.work workspace's modules.
type insideAny []*insideChecker

func newInsideAny(moduleDirs []string) insideAny {
	var out insideAny
	for _, dir := range moduleDirs {
		out = append(out, newInsideChecker(dir))
	}
	return out
}

func (c insideAny) check(path string) (resolved string, inside bool) {
	for _, one := range c {
		if resolved, inside = one.check(path); inside {
			return resolved, true
		}
	}
	return resolved, false
}
