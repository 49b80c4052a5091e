package load

import (
	"bytes"
	"go/parser"
	"go/token"
	"os"
	"slices"
	"strings"

	"golang.org/x/tools/go/packages"
	"k8s.io/gengo/v2/codetags"
)

// The package tags that name packages conversion-gen and defaulter-gen
// v0.37.2 load themselves, beside their inputs (their GetTargets: the
// packages apidefinitions.Identify finds, then context.LoadPackages).
const (
	tagConversionGen  = "k8s:conversion-gen"
	tagExternalTypes  = "k8s:conversion-gen-external-types"
	tagExtraPeers     = "metagen:conversion-extra-peers" // conversion-gen's --extra-peer-dirs
	tagDefaulterGen   = "k8s:defaulter-gen"
	tagDefaulterInput = "k8s:defaulter-gen-input"
)

// basePeerDirs are conversion-gen's default --base-peer-dirs, which it
// loads whenever it runs.
var basePeerDirs = []string{"k8s.io/apimachinery/pkg/apis/meta/v1", "k8s.io/apimachinery/pkg/conversion", "k8s.io/apimachinery/pkg/runtime"}

// peerPaths are the packages, other than the inputs, that the anchors of
// the conversion and defaults generators load themselves for these inputs,
// as the inputs' package tags name them:
//   - conversion-gen, for an input with +k8s:conversion-gen: its peer
//     packages (the tag's values, unless "false"), its
//     +k8s:conversion-gen-external-types, and, once any input has the tag,
//     its base peer dirs and extra peer dirs (+metagen:conversion-extra-peers);
//   - defaulter-gen, for an input with +k8s:defaulter-gen other than
//     "false": its +k8s:defaulter-gen-input.
//
// They are read before the load starts, so that they join the one
// export-data load of the inputs' imports (one type universe): only the
// comments above each file's package clause, of the files that mention
// one of the tags, parsed with gengo's tag extractor. What is read here
// only decides what is loaded; the generators read the markers the load
// parses, and report their problems.
func peerPaths(roots []*packages.Package) []string {
	isRoot := map[string]bool{}
	for _, pkg := range roots {
		isRoot[pkg.PkgPath] = true
	}
	var paths []string
	conversion := false
	for _, pkg := range roots {
		tags := packageTags(pkg)
		if conv := tags[tagConversionGen]; len(conv) > 0 {
			conversion = true
			if !slices.Contains(conv, "false") {
				paths = append(paths, conv...)
			}
			if ext := tags[tagExternalTypes]; len(ext) == 1 {
				paths = append(paths, ext[0])
			}
			for _, list := range tags[tagExtraPeers] {
				paths = append(paths, strings.Split(list, ",")...)
			}
		}
		if def := tags[tagDefaulterGen]; len(def) > 0 && !slices.Contains(def, "false") {
			if in := tags[tagDefaulterInput]; len(in) == 1 {
				paths = append(paths, in[0])
			}
		}
	}
	if conversion {
		paths = append(paths, basePeerDirs...)
	}
	var out []string
	for _, p := range paths {
		p = strings.TrimSpace(p)
		if p == "" || isRoot[p] || !loadablePath(p) {
			continue
		}
		out = append(out, p)
	}
	slices.Sort(out)
	return slices.Compact(out)
}

// loadablePath leaves out what conversion-gen refuses or cannot look up
// (a relative path, a pattern): the generator reports it at its marker.
func loadablePath(p string) bool {
	return !strings.HasPrefix(p, ".") && !strings.HasPrefix(p, "/") && !strings.Contains(p, "...") && !strings.ContainsAny(p, " \t\"")
}

// peerTagNames are the tags packageTags reads.
var peerTagNames = []string{tagConversionGen, tagExternalTypes, tagExtraPeers, tagDefaulterGen, tagDefaulterInput}

// packageTags are the values of the peer tags in the comments above the
// package clause of the package's files (where the load reads package
// markers), in file order; our generated files carry none.
func packageTags(pkg *packages.Package) map[string][]string {
	out := map[string][]string{}
	files := append([]string(nil), pkg.GoFiles...)
	slices.Sort(files)
	for _, filename := range files {
		src, err := os.ReadFile(filename)
		if err != nil || !mentionsPeerTag(src) {
			continue // parse reports a read error
		}
		file, _ := parser.ParseFile(token.NewFileSet(), filename, src, parser.PackageClauseOnly|parser.ParseComments)
		if file == nil {
			continue
		}
		var lines []string
		for _, group := range commentsAbovePackageClause(file) {
			lines = append(lines, strings.Split(group.Text(), "\n")...)
		}
		raw := codetags.Extract("+", lines)
		for _, name := range peerTagNames {
			for _, line := range raw[name] {
				tag, err := codetags.Parse(line, codetags.RawValues(true))
				if err != nil {
					continue // the marker parser reports it
				}
				out[name] = append(out[name], tag.Value)
			}
		}
	}
	return out
}

func mentionsPeerTag(src []byte) bool {
	return bytes.Contains(src, []byte("+k8s:conversion-gen")) || bytes.Contains(src, []byte("+k8s:defaulter-gen")) ||
		bytes.Contains(src, []byte("+metagen:conversion-extra-peers"))
}
