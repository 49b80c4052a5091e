package rbac

import (
	"slices"
	"strings"

	rbacv1 "k8s.io/api/rbac/v1"

	"github.com/metagen-dev/metagen/generators/markers"
)

// rule is one rule while rules are merged, as controller-tools' Rule.
type rule struct {
	groups, resources, resourceNames, verbs, urls []string
}

// split makes one rule per resource of a marker (or one without resources),
// which is where controller-gen starts merging from.
func split(r markers.RBACRule) []*rule {
	one := func(resources []string) *rule {
		return &rule{
			groups:        slices.Clone(r.Groups),
			resources:     resources,
			resourceNames: slices.Clone(r.ResourceNames),
			verbs:         slices.Clone(r.Verbs),
			urls:          slices.Clone(r.URLs),
		}
	}
	if len(r.Resources) == 0 {
		return []*rule{one(nil)}
	}
	var out []*rule
	for _, resource := range r.Resources {
		out = append(out, one([]string{resource}))
	}
	return out
}

// key is controller-tools' ruleKey: the rule's sets, normalized, joined.
type key struct{ groups, resources, resourceNames, urls string }

func (k key) String() string {
	return k.groups + " + " + k.resources + " + " + k.resourceNames + " + " + k.urls
}

func (r *rule) normalize() {
	r.groups = sortedSet(r.groups)
	r.resources = sortedSet(r.resources)
	r.resourceNames = sortedSet(r.resourceNames)
	r.verbs = sortedSet(r.verbs)
	r.urls = sortedSet(r.urls)
}

func (r *rule) key() key {
	r.normalize()
	return key{join(r.groups), join(r.resources), join(r.resourceNames), join(r.urls)}
}

// The keys that leave out one set, with the verbs: rules equal under one
// of them merge that set.
func (r *rule) keyWithoutResources() string {
	k := r.key()
	return k.groups + " + " + k.resourceNames + " + " + k.urls + " + " + join(r.verbs)
}

func (r *rule) keyWithoutGroups() string {
	k := r.key()
	return k.resources + " + " + k.resourceNames + " + " + k.urls + " + " + join(r.verbs)
}

func (r *rule) keyWithoutURLs() string {
	k := r.key()
	return k.groups + " + " + k.resources + " + " + k.resourceNames + " + " + join(r.verbs)
}

func join(set []string) string { return strings.Join(set, "&") }

// sortedSet is controller-tools' removeDupAndSort: nil when empty.
func sortedSet(items []string) []string {
	if len(items) == 0 {
		return nil
	}
	out := slices.Clone(items)
	slices.Sort(out)
	return slices.Compact(out)
}

// normalize is controller-tools' NormalizeRules: rules of one key merge
// their verbs; then rules that differ only in resources merge those, then
// in groups, then in URLs; the result is sorted by key, and a rule with
// "*" among its verbs keeps only "*". controller-tools merges over maps,
// but each step is a union of sets, so the result does not depend on the
// order; here it runs in a fixed one.
func normalize(rules []*rule) []rbacv1.PolicyRule {
	merged := map[key]*rule{}
	var order []key
	for _, r := range rules {
		for i, group := range r.groups {
			if group == "core" {
				r.groups[i] = "" // people type "core" for the core group
			}
		}
		k := r.key()
		if first, ok := merged[k]; ok {
			first.verbs = sortedSet(append(first.verbs, r.verbs...))
			continue
		}
		merged[k] = r
		order = append(order, k)
	}
	current := make([]*rule, 0, len(order))
	for _, k := range order {
		current = append(current, merged[k])
	}
	current = mergeBy(current, (*rule).keyWithoutResources, func(into, r *rule) { into.resources = append(into.resources, r.resources...) })
	current = mergeBy(current, (*rule).keyWithoutGroups, func(into, r *rule) { into.groups = append(into.groups, r.groups...) })
	current = mergeBy(current, (*rule).keyWithoutURLs, func(into, r *rule) { into.urls = append(into.urls, r.urls...) })

	slices.SortStableFunc(current, func(a, b *rule) int { return strings.Compare(a.key().String(), b.key().String()) })
	out := make([]rbacv1.PolicyRule, 0, len(current))
	for _, r := range current {
		verbs := r.verbs
		if slices.Contains(verbs, "*") {
			verbs = []string{"*"}
		}
		out = append(out, rbacv1.PolicyRule{
			APIGroups:       r.groups,
			Verbs:           verbs,
			Resources:       r.resources,
			ResourceNames:   r.resourceNames,
			NonResourceURLs: r.urls,
		})
	}
	return out
}

// mergeBy merges the rules equal under partial into the first of them, and
// then keeps one rule per full key, as controller-tools' map does.
func mergeBy(rules []*rule, partial func(*rule) string, merge func(into, r *rule)) []*rule {
	groups := map[string][]*rule{}
	var order []string
	for _, r := range rules {
		k := partial(r)
		if _, ok := groups[k]; !ok {
			order = append(order, k)
		}
		groups[k] = append(groups[k], r)
	}
	byKey := map[key]*rule{}
	var keys []key
	for _, k := range order {
		group := groups[k]
		first := group[0]
		for _, r := range group[1:] {
			merge(first, r)
		}
		full := first.key()
		if _, ok := byKey[full]; !ok {
			keys = append(keys, full)
		}
		byKey[full] = first
	}
	out := make([]*rule, 0, len(keys))
	for _, k := range keys {
		out = append(out, byKey[k])
	}
	return out
}
