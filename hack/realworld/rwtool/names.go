package main

import (
	"flag"
	"fmt"
	"io/fs"
	"maps"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"sort"
	"strings"
)

// cmdNames checks that metagen's CRDs and its typed clients name each
// resource alike (issue 12: one Kubernetes layer): for every kind and
// version that has both a CRD version and a typed client (or fake), the
// client's resource is the CRD's plural. Clients are matched to CRDs by kind
// and version, the group being a directory name in the client tree; a kind
// and version that several CRDs share is compared with each of their
// plurals. It prints
//
//	names: crd-versions=N typed=N fakes=N compared=N differ=N
//
// and one line per difference.
func cmdNames(args []string) error {
	flags := flag.NewFlagSet("names", flag.ExitOnError)
	crdDir := flags.String("crd", "", "metagen's CRD directory")
	clientDirs := flags.String("client", "", "metagen's client directories, comma-separated")
	details := flags.Int("details", 20, "difference lines to print")
	flags.Parse(args)
	if *crdDir == "" || *clientDirs == "" {
		return fmt.Errorf("-crd and -client are required")
	}
	plurals, crdVersions, err := crdPlurals(*crdDir)
	if err != nil {
		return err
	}
	var requests []clientRequest
	for _, dir := range strings.Split(*clientDirs, ",") {
		found, err := clientRequests(dir)
		if err != nil {
			return err
		}
		requests = append(requests, found...)
	}
	var typed, fakes, compared int
	var differ []string
	for _, r := range requests {
		if r.fake {
			fakes++
		} else {
			typed++
		}
		want := plurals[r.kind+"/"+r.version]
		if len(want) == 0 {
			continue // a client without a CRD (the module generates no CRD for it)
		}
		compared++
		if !want[r.resource] {
			differ = append(differ, fmt.Sprintf("%s: the client requests %q for %s %s; the CRD's plural is %s", r.file, r.resource, r.kind, r.version, strings.Join(slices.Sorted(maps.Keys(want)), " or ")))
		}
	}
	fmt.Printf("names: crd-versions=%d typed=%d fakes=%d compared=%d differ=%d\n", crdVersions, typed, fakes, compared, len(differ))
	sort.Strings(differ)
	for i, d := range differ {
		if i == *details {
			break
		}
		fmt.Println("  " + d)
	}
	return nil
}

// crdPlurals maps kind/version to the plurals of the CRDs in dir that
// serve that kind in that version.
func crdPlurals(dir string) (map[string]map[string]bool, int, error) {
	crds, err := loadCRDs(dir)
	if err != nil {
		return nil, 0, err
	}
	out := map[string]map[string]bool{}
	versions := 0
	for name, crd := range crds {
		spec, _ := crd["spec"].(map[string]any)
		names, _ := spec["names"].(map[string]any)
		kind, _ := names["kind"].(string)
		plural, _ := names["plural"].(string)
		if kind == "" || plural == "" {
			return nil, 0, fmt.Errorf("CRD %s: no kind or plural in spec.names", name)
		}
		list, _ := spec["versions"].([]any)
		for _, v := range list {
			version, _ := v.(map[string]any)["name"].(string)
			key := kind + "/" + version
			if out[key] == nil {
				out[key] = map[string]bool{}
			}
			out[key][plural] = true
			versions++
		}
	}
	return out, versions, nil
}

// clientRequest is the resource one typed client (or fake) requests.
type clientRequest struct {
	file, kind, version, resource string
	fake                          bool
}

// The resource of a client-go style typed client (gentype.NewClient…[*v1.Kind…]("plural", …))
// and of its fake (WithResource("plural"), v1.SchemeGroupVersion.WithKind("Kind")).
var (
	typedRequest = regexp.MustCompile(`gentype\.NewClient\w*\[\*\w+\.(\w+)[,\]][^(]*\(\s*"([^"]+)"`)
	fakeRequest  = regexp.MustCompile(`WithResource\("([^"]+)"\),\s*\w+\.SchemeGroupVersion\.WithKind\("(\w+)"\)`)
)

// clientRequests reads the typed clients under dir: files in a directory
// .../typed/<group>/<version>/ and their fake/ beside.
func clientRequests(dir string) ([]clientRequest, error) {
	var out []clientRequest
	err := filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(path, ".go") {
			return err
		}
		sep := string(filepath.Separator)
		if !strings.Contains(path, sep+"typed"+sep) {
			return nil
		}
		data, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		version, re, fake := filepath.Base(filepath.Dir(path)), typedRequest, false
		if version == "fake" {
			version, re, fake = filepath.Base(filepath.Dir(filepath.Dir(path))), fakeRequest, true
		}
		for _, m := range re.FindAllStringSubmatch(string(data), -1) {
			kind, resource := m[1], m[2]
			if fake {
				kind, resource = m[2], m[1]
			}
			out = append(out, clientRequest{file: path, kind: kind, version: version, resource: resource, fake: fake})
		}
		return nil
	})
	return out, err
}
