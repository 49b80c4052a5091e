package load

import (
	"bytes"
	"github.com/metagen-dev/metagen/generators/markers"
	"go/parser"
	"go/token"
	"os"
	"slices"
	"strings"

	"golang.org/x/tools/go/packages"
	"k8s.io/gengo/v2/codetags"
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
		if conv := tags[markers.K8sConversionGen.Name]; len(conv) > 0 {
			conversion = true
			if !slices.Contains(conv, "false") {
				paths = append(paths, conv...)
			}
			if ext := tags[markers.K8sConversionGenExternalTypes.Name]; len(ext) == 1 {
				paths = append(paths, ext[0])
			}
			for _, list := range tags[markers.MetagenConversionExtraPeers.Name] {
				paths = append(paths, strings.Split(list, ",")...)
			}
		}
		if def := tags[markers.K8sDefaulterGen.Name]; len(def) > 0 && !slices.Contains(def, "false") {
			if in := tags[markers.K8sDefaulterGenInput.Name]; len(in) == 1 {
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
var peerTagNames = []string{markers.K8sConversionGen.Name, markers.K8sConversionGenExternalTypes.Name, markers.MetagenConversionExtraPeers.Name, markers.K8sDefaulterGen.Name, markers.K8sDefaulterGenInput.Name}

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
	return bytes.Contains(src, []byte(markers.K8sConversionGen.Tag())) || bytes.Contains(src, []byte(markers.K8sDefaulterGen.Tag())) ||
		bytes.Contains(src, []byte(markers.MetagenConversionExtraPeers.Tag()))
}
