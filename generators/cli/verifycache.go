package cli

import (
	"fmt"
	"io"

	"github.com/metagen-dev/metagen/generators/pipeline"
	"github.com/metagen-dev/metagen/generators/verifycache"
)

// cachedVerify is verify's use of verifycache: a passing run is stored under
// the key of the tree as it was before the run, if the tree still has that
// key after it (nothing changed while it ran); the next verify of that tree
// replays the result instead of loading and rendering. Nil when
// METAGEN_CACHE=off, under -v (which times every phase), or when the run
// cannot be cached (see verifycache).
type cachedVerify struct {
	cache *verifycache.Cache
	args  []string
	key   string
	// hasher computed key; computing it again after the run reads only the
	// files whose status does not vouch that they are unchanged.
	hasher *verifycache.Hasher
}

func openCachedVerify(args []string, report *reporter, stderr io.Writer) *cachedVerify {
	if report.verbose {
		return nil
	}
	cache, err := verifycache.Open()
	if err != nil {
		fmt.Fprintf(stderr, "metagen: warning: %v; verifying without the cache\n", err)
		return nil
	}
	if cache == nil {
		return nil
	}
	hasher := verifycache.NewHasher()
	key, err := hasher.Key(".", args)
	if err != nil {
		return nil // not cacheable: the run is done in full, as without a cache
	}
	return &cachedVerify{cache: cache, args: args, key: key, hasher: hasher}
}

// replay prints a stored result as the run that stored it did, its summary
// marked cached, and reports whether there was one.
func (c *cachedVerify) replay(report *reporter, stderr io.Writer) bool {
	if c == nil {
		return false
	}
	r, ok := c.cache.Lookup(c.key)
	if !ok {
		return false
	}
	fmt.Fprint(stderr, r.Warnings)
	report.stats = pipeline.Stats{Packages: r.Packages, Files: r.Files}
	report.producingCount = r.Generators
	report.summary("out of date, cached")
	return true
}

// store saves a passing run, unless the tree changed while it ran.
func (c *cachedVerify) store(warnings string, stats pipeline.Stats) {
	if c == nil {
		return
	}
	after, err := c.hasher.Key(".", c.args)
	if err != nil || after != c.key {
		return
	}
	// A cache that cannot be written only costs the next run its speed.
	_ = c.cache.Store(c.key, verifycache.Result{Warnings: warnings, Packages: stats.Packages,
		Generators: producing(stats.Generators), Files: stats.Files})
}
