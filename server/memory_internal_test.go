package server

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"runtime"
	"strconv"
	"strings"
	"testing"
	"time"

	apierrors "k8s.io/apimachinery/pkg/api/errors"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/apis/meta/v1/unstructured"
	"k8s.io/apimachinery/pkg/runtime/schema"
	"k8s.io/apimachinery/pkg/types"
	"k8s.io/apimachinery/pkg/watch"
	"k8s.io/client-go/dynamic"
)

// Rewriting one 2 MiB object through the API (merge patches, as the issue
// did), with the watch cache on as kube-apiserver has it, holds the
// storage's history and the watch cache's window at their byte bounds, and
// the process's heap and RSS at the live data plus those bounds, instead of
// growing with every revision; a watch from before the rewrites then gets
// 410 Gone. 40 rewrites by default (80 MiB written, five times each bound);
// METAGEN_MEMORY_UPDATES=1000 runs the 1,000 (its own .ci/run line:
// each patch decodes and encodes 2 MiB several times).
func TestMemoryBoundedUnderLargeRewrites(t *testing.T) {
	const objectSize = 2 << 20
	const historyBytes = 16 << 20
	const windowBytes = 16 << 20
	// The bound on heap growth: the history, the watch cache's window, the
	// live object in its stored, decoded and cached forms, and slack for the
	// collector's timing.
	const heapBound = historyBytes + windowBytes + 32<<20
	updates := 40
	if n, err := strconv.Atoi(os.Getenv("METAGEN_MEMORY_UPDATES")); err == nil && n > 0 {
		updates = n
	}
	s, err := Start(t.Context(), Options{CRDPaths: []string{"testdata/crds"}, HistoryBytes: historyBytes, WatchCacheBytes: windowBytes})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Stop()
	widgets := dynamic.NewForConfigOrDie(s.RESTConfig()).Resource(schema.GroupVersionResource{Group: "widgets.example.com", Version: "v1", Resource: "widgets"}).Namespace("default")
	big := &unstructured.Unstructured{Object: map[string]any{
		"apiVersion": "widgets.example.com/v1", "kind": "Widget",
		"metadata": map[string]any{"name": "big"},
		"spec":     map[string]any{"color": strings.Repeat("x", objectSize)},
	}}
	created, err := widgets.Create(t.Context(), big, metav1.CreateOptions{})
	if err != nil {
		t.Fatal(err)
	}
	heapBefore, rssBefore := heapInUse(), rss(t)
	start := time.Now()
	for i := range updates {
		color := strconv.Itoa(i) + strings.Repeat("x", objectSize-len(strconv.Itoa(i)))
		patch, err := json.Marshal(map[string]any{"spec": map[string]any{"color": color}})
		if err != nil {
			t.Fatal(err)
		}
		if _, err := widgets.Patch(t.Context(), "big", types.MergePatchType, patch, metav1.PatchOptions{}); err != nil {
			t.Fatalf("update %d: %v", i, err)
		}
		if _, superseded := s.backend.HistorySize(); superseded > historyBytes {
			t.Fatalf("after update %d the history holds %d bytes, over its bound of %d", i, superseded, historyBytes)
		}
	}
	live, superseded := s.backend.HistorySize()
	heapAfter, rssAfter := heapInUse(), rss(t)
	t.Logf("%d updates of a %d MiB object in %v: storage live %s, history %s (bound %s); heap %s → %s, RSS %s → %s",
		updates, objectSize>>20, time.Since(start).Round(time.Millisecond), mib(live), mib(superseded), mib(historyBytes),
		mib(heapBefore), mib(heapAfter), mib(rssBefore), mib(rssAfter))
	if live < objectSize || live > 2*objectSize {
		t.Errorf("the storage accounts %d live bytes, want about one object (%d)", live, objectSize)
	}
	if growth := heapAfter - heapBefore; growth > heapBound {
		t.Errorf("the heap grew by %s, over the bound of %s", mib(growth), mib(heapBound))
	}
	expectGoneFrom(t, widgets, created.GetResourceVersion())
	// RSS lags the heap (the runtime returns memory lazily), so its bound
	// is the heap's plus what the collector may hold before scavenging.
	if growth := rssAfter - rssBefore; rssAfter > 0 && growth > 2*heapBound {
		t.Errorf("RSS grew by %s, over the bound of %s", mib(growth), mib(2*heapBound))
	}
}

// expectGoneFrom checks that a watch from rv, long past, ends with 410.
func expectGoneFrom(t *testing.T, widgets dynamic.ResourceInterface, rv string) {
	t.Helper()
	w, err := widgets.Watch(t.Context(), metav1.ListOptions{ResourceVersion: rv})
	if err != nil {
		if !apierrors.IsResourceExpired(err) && !apierrors.IsGone(err) {
			t.Errorf("a watch from resourceVersion %s: %v, want 410", rv, err)
		}
		return
	}
	defer w.Stop()
	select {
	case e := <-w.ResultChan():
		if err := apierrors.FromObject(e.Object); e.Type != watch.Error || !(apierrors.IsResourceExpired(err) || apierrors.IsGone(err)) {
			t.Errorf("a watch from resourceVersion %s got a %s event, want a 410 ERROR", rv, e.Type)
		}
	case <-time.After(30 * time.Second):
		t.Errorf("a watch from resourceVersion %s got no event, want a 410 ERROR", rv)
	}
}

func heapInUse() int64 {
	runtime.GC()
	var stats runtime.MemStats
	runtime.ReadMemStats(&stats)
	return int64(stats.HeapInuse)
}

// rss is the process's resident set size from /proc (0 where there is none).
func rss(t *testing.T) int64 {
	data, err := os.ReadFile("/proc/self/status")
	if err != nil {
		return 0
	}
	for line := range bytes.Lines(data) {
		if kb, ok := strings.CutPrefix(string(line), "VmRSS:"); ok {
			n, err := strconv.ParseInt(strings.TrimSpace(strings.TrimSuffix(strings.TrimSpace(kb), "kB")), 10, 64)
			if err != nil {
				t.Fatalf("VmRSS: %v", err)
			}
			return n << 10
		}
	}
	return 0
}

func mib(n int64) string { return fmt.Sprintf("%.0f MiB", float64(n)/(1<<20)) }
