// Package cachedir is where metagen's caches live: the directory
// METAGEN_CACHE names, each cache in a subdirectory of its own.
package cachedir

import (
	"fmt"
	"os"
	"path/filepath"
)

// Of is the directory of the cache called name: under METAGEN_CACHE when it
// is an absolute path, under metagen in os.UserCacheDir when it is unset;
// "" when METAGEN_CACHE=off.
func Of(name string) (string, error) {
	dir := os.Getenv("METAGEN_CACHE")
	switch {
	case dir == "off":
		return "", nil
	case dir == "":
		base, err := os.UserCacheDir()
		if err != nil {
			return "", fmt.Errorf("no cache directory (%v); set METAGEN_CACHE to a directory or to off", err)
		}
		dir = filepath.Join(base, "metagen")
	case !filepath.IsAbs(dir):
		return "", fmt.Errorf("METAGEN_CACHE=%s: want off or an absolute path", dir)
	}
	return filepath.Join(filepath.Clean(dir), name), nil
}
