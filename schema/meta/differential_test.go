package meta_test

import (
	"fmt"
	"strings"
	"testing"

	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/utils/ptr"

	"github.com/metagen-dev/metagen/internal/metacorpus"
	"github.com/metagen-dev/metagen/schema/meta"
)

// TestDifferential holds Rules to kube-apiserver's metadata pipeline, rebuilt
// by internal/metacorpus from apimachinery and the store-level rules, on a
// corpus of every rule, its boundaries and random metadata.
func TestDifferential(t *testing.T) {
	cases := metacorpus.Corpus(400)
	// Types whose update runs the create checks again (ConfigMaps): the
	// handwritten cases, and the random cases of namespaced built-in types.
	revalidating := meta.Rules{Namespaced: true, UpdateRevalidates: true}
	cases = append(cases, metacorpus.Handwritten(revalidating)...)
	for _, c := range cases {
		if c.Rules.Namespaced && !c.Rules.CustomResource && c.Rules.NameFormat == meta.DNSSubdomain && strings.HasPrefix(c.Name, "random/") {
			c.Rules = revalidating
			cases = append(cases, c)
		}
	}
	agree := 0
	for _, c := range cases {
		ours, server := c.Ours(), c.Server()
		if !metacorpus.SameCauses(ours, server) {
			t.Errorf("%s: %s\n  ours:   %q\n  server: %q", c.Name, metacorpus.Describe(c), metacorpus.Render(ours), metacorpus.Render(server))
			continue
		}
		agree++
	}
	t.Logf("corpus: cases=%d agree=%d", len(cases), agree)
	fmt.Printf("corpus: cases=%d agree=%d\n", len(cases), agree)
	if len(cases) < 300 {
		t.Errorf("corpus has %d cases, want at least 300", len(cases))
	}
}

// FuzzRules feeds metadata built from fuzzed strings to every kind of type,
// on create and update: no panics, and the same causes as the server.
func FuzzRules(f *testing.F) {
	f.Add("a1", "t1", "app", "v", "example.com/x", "v1", "Pod", uint8(0))
	f.Add("Upper", "", "-bad", "-v", "foo", "a/b/c", "Event", uint8(3))
	f.Add("..", "a.b", "Example.com/x", strings.Repeat("v", 64), "orphan", "", "", uint8(6))
	for i, key := range metacorpus.KeyPool {
		f.Add("n", "t1", key, "v", metacorpus.FinalizerPool[i%len(metacorpus.FinalizerPool)], "apps/v1", "ReplicaSet", uint8(i))
	}
	f.Fuzz(func(t *testing.T, name, namespace, key, value, finalizer, apiVersion, kind string, variant uint8) {
		r := metacorpus.AllRules[int(variant)%len(metacorpus.AllRules)]
		r.UpdateRevalidates = variant&16 != 0
		obj := &metav1.ObjectMeta{
			Name: name, Namespace: namespace, GenerateName: name,
			Labels:          map[string]string{key: value},
			Annotations:     map[string]string{value: key},
			Finalizers:      []string{finalizer, metav1.FinalizerDeleteDependents},
			OwnerReferences: []metav1.OwnerReference{{APIVersion: apiVersion, Kind: kind, Name: name, UID: "u", Controller: ptr.To(true)}},
			ResourceVersion: value,
		}
		old := obj.DeepCopy()
		old.Finalizers = []string{finalizer}
		if variant&8 != 0 {
			old.DeletionTimestamp = ptr.To(metav1.Now())
		}
		for _, c := range []metacorpus.Case{{Rules: r, Obj: obj}, {Rules: r, Obj: obj, Old: old}} {
			if ours, server := c.Ours(), c.Server(); !metacorpus.SameCauses(ours, server) {
				t.Errorf("%s\n  ours:   %q\n  server: %q", metacorpus.Describe(c), metacorpus.Render(ours), metacorpus.Render(server))
			}
			_ = c.Rules.Warnings(c.Obj, c.Old)
		}
	})
}
