// Package cachedir is where metagen's caches live: the directory
// METAGEN_CACHE names, each cache in a subdirectory of its own.
package cachedir

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"time"
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

// An entry unused for MaxAge is removed by Trim, which looks at most once
// per TrimInterval.
const (
	MaxAge       = 5 * 24 * time.Hour
	TrimInterval = 24 * time.Hour
)

// Trim removes the entries of the cache directory dir (files, leftover
// temporary ones too) whose modification time is older than MaxAge, unless
// it did so less than TrimInterval ago (trim.txt's time says when).
func Trim(dir string, now time.Time) error {
	stamp := filepath.Join(dir, "trim.txt")
	if info, err := os.Stat(stamp); err == nil && now.Sub(info.ModTime()) < TrimInterval {
		return nil
	} else if err != nil && !errors.Is(err, os.ErrNotExist) {
		return err
	}
	entries, err := os.ReadDir(dir)
	if err != nil {
		return err
	}
	for _, e := range entries {
		if info, err := e.Info(); err == nil && e.Name() != "trim.txt" && now.Sub(info.ModTime()) > MaxAge {
			os.Remove(filepath.Join(dir, e.Name()))
		}
	}
	return os.WriteFile(stamp, nil, 0o644)
}
