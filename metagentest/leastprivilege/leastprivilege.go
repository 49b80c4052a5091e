// Package leastprivilege compares what a controller's tests made it do on
// the in-process API server (server.Server.AccessOf) with the RBAC manifest
// it ships (config/rbac/role.yaml, generated from +kubebuilder:rbac
// markers):
//
//   - an access the tests needed that the manifest does not grant is an
//     error: in a real cluster the controller gets 403 Forbidden there;
//   - a grant no test used is reported: a candidate for removal, or a
//     path the tests do not cover.
//
// Run the controller in the test as a server.User with broad Rules (or
// exactly the manifest's), then:
//
//	leastprivilege.Check(t, srv.AccessOf("my-controller"), "../config/rbac/role.yaml")
package leastprivilege

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"slices"
	"strings"
	"testing"

	rbacv1 "k8s.io/api/rbac/v1"
	utilyaml "k8s.io/apimachinery/pkg/util/yaml"
	"sigs.k8s.io/yaml"

	"github.com/metagen-dev/metagen/server"
)

// Grants are the rules of an RBAC manifest: a ClusterRole's apply in every
// namespace and to cluster-scoped resources (bound by a ClusterRoleBinding),
// a Role's in its namespace.
type Grants struct {
	Cluster    []rbacv1.PolicyRule
	Namespaced map[string][]rbacv1.PolicyRule
}

// ReadManifest reads the ClusterRoles and Roles of a YAML manifest; with
// names, only those so named.
func ReadManifest(path string, names ...string) (Grants, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return Grants{}, err
	}
	grants := Grants{Namespaced: map[string][]rbacv1.PolicyRule{}}
	reader := utilyaml.NewYAMLReader(bufio.NewReader(bytes.NewReader(data)))
	for {
		doc, err := reader.Read()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			return Grants{}, fmt.Errorf("%s: %w", path, err)
		}
		var role rbacv1.Role // a ClusterRole's rules read the same
		var kind struct{ Kind string }
		if err := yaml.Unmarshal(doc, &kind); err != nil {
			return Grants{}, fmt.Errorf("%s: %w", path, err)
		}
		if kind.Kind != "ClusterRole" && kind.Kind != "Role" {
			continue
		}
		if err := yaml.Unmarshal(doc, &role); err != nil {
			return Grants{}, fmt.Errorf("%s: %w", path, err)
		}
		if len(names) > 0 && !slices.Contains(names, role.Name) {
			continue
		}
		if kind.Kind == "ClusterRole" {
			grants.Cluster = append(grants.Cluster, role.Rules...)
		} else {
			grants.Namespaced[role.Namespace] = append(grants.Namespaced[role.Namespace], role.Rules...)
		}
	}
	return grants, nil
}

// Grant is one verb on one resource (or URL) a rule grants: rules are
// compared item by item, so that a rule used for get but not for delete
// shows its unused delete.
type Grant struct {
	Namespace    string // "" for a ClusterRole's
	Verb         string
	APIGroup     string
	Resource     string
	ResourceName string
	URL          string
}

func (g Grant) String() string {
	var b strings.Builder
	b.WriteString(g.Verb + " ")
	if g.URL != "" {
		b.WriteString(g.URL)
	} else {
		group := g.APIGroup
		if group == "" {
			group = "core"
		}
		b.WriteString(g.Resource + " (" + group + ")")
		if g.ResourceName != "" {
			b.WriteString(" named " + g.ResourceName)
		}
	}
	if g.Namespace != "" {
		b.WriteString(" in namespace " + g.Namespace)
	}
	return b.String()
}

func (g Grant) rule() rbacv1.PolicyRule {
	rule := rbacv1.PolicyRule{Verbs: []string{g.Verb}}
	if g.URL != "" {
		rule.NonResourceURLs = []string{g.URL}
		return rule
	}
	rule.APIGroups, rule.Resources = []string{g.APIGroup}, []string{g.Resource}
	if g.ResourceName != "" {
		rule.ResourceNames = []string{g.ResourceName}
	}
	return rule
}

// grants expands the rules into their items, in order.
func (g Grants) grants() []Grant {
	var out []Grant
	expand := func(namespace string, rules []rbacv1.PolicyRule) {
		for _, rule := range rules {
			for _, verb := range rule.Verbs {
				for _, url := range rule.NonResourceURLs {
					out = append(out, Grant{Namespace: namespace, Verb: verb, URL: url})
				}
				for _, group := range rule.APIGroups {
					for _, resource := range rule.Resources {
						names := rule.ResourceNames
						if len(names) == 0 {
							names = []string{""}
						}
						for _, name := range names {
							out = append(out, Grant{Namespace: namespace, Verb: verb, APIGroup: group, Resource: resource, ResourceName: name})
						}
					}
				}
			}
		}
	}
	expand("", g.Cluster)
	namespaces := make([]string, 0, len(g.Namespaced))
	for ns := range g.Namespaced {
		namespaces = append(namespaces, ns)
	}
	slices.Sort(namespaces)
	for _, ns := range namespaces {
		expand(ns, g.Namespaced[ns])
	}
	return out
}

// covers reports whether the grant covers the access, in its scope.
func (g Grant) covers(a server.Access) bool {
	if g.Namespace != "" && (a.Namespace != g.Namespace || !a.ResourceRequest()) {
		return false
	}
	return a.AllowedBy(g.rule())
}

// Report is the comparison of what tests needed with what a manifest grants.
type Report struct {
	// Missing are the accesses needed and not granted.
	Missing []server.Access
	// Unused are the grants no access used.
	Unused []Grant
	// Needed counts the accesses compared (discovery reads left out);
	// Granted the grants.
	Needed, Granted int
}

// Compare compares accesses (server.Server.AccessOf) with grants. The
// discovery reads every user may make are left out.
func Compare(grants Grants, accesses []server.Access) Report {
	items := grants.grants()
	used := make([]bool, len(items))
	report := Report{Granted: len(items)}
	for _, a := range accesses {
		if a.GrantedToEveryone() {
			continue
		}
		report.Needed++
		covered := false
		for i, g := range items {
			if g.covers(a) {
				covered, used[i] = true, true
			}
		}
		if !covered {
			report.Missing = append(report.Missing, a)
		}
	}
	for i, g := range items {
		if !used[i] {
			report.Unused = append(report.Unused, g)
		}
	}
	return report
}

// String lists the report, one line per access or grant.
func (r Report) String() string {
	var b strings.Builder
	fmt.Fprintf(&b, "least privilege: %d accesses needed, %d grants; %d needed and not granted, %d granted and unused\n",
		r.Needed, r.Granted, len(r.Missing), len(r.Unused))
	for _, a := range r.Missing {
		fmt.Fprintf(&b, "  MISSING %s (a real cluster answers 403 Forbidden)\n", describe(a))
	}
	for _, g := range r.Unused {
		fmt.Fprintf(&b, "  unused  %s\n", g)
	}
	return b.String()
}

func describe(a server.Access) string {
	if !a.ResourceRequest() {
		return a.Verb + " " + a.Path
	}
	g := Grant{Verb: a.Verb, APIGroup: a.APIGroup, Resource: a.Resource, ResourceName: a.Name, Namespace: a.Namespace}
	if a.Subresource != "" {
		g.Resource += "/" + a.Subresource
	}
	return g.String()
}

// Check reads the manifest, compares it with the accesses, fails t for
// each missing grant and logs the report.
func Check(t testing.TB, accesses []server.Access, manifest string, names ...string) Report {
	t.Helper()
	grants, err := ReadManifest(manifest, names...)
	if err != nil {
		t.Fatal(err)
	}
	report := Compare(grants, accesses)
	t.Log(report.String())
	for _, a := range report.Missing {
		t.Errorf("the test needed %s, which %s does not grant: add a +kubebuilder:rbac marker for it", describe(a), manifest)
	}
	return report
}
