package memstore

import (
	"strings"
	"testing"
	"time"

	apierrors "k8s.io/apimachinery/pkg/api/errors"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/watch"
	"k8s.io/apiserver/pkg/apis/example"
	"k8s.io/apiserver/pkg/storage"
)

// A held watch (the watch cache's) sends every event until the values it
// sent pass its byte bound, then ends with 410 Expired; a plain watch over
// the same writes goes on.
func TestHeldWatchEndsPastItsByteBound(t *testing.T) {
	const bound = 256 << 10
	ctx, s := newTestStore(t)
	opts := storage.ListOptions{ResourceVersion: "1", Recursive: true, Predicate: storage.Everything}
	held, err := s.WatchHeld(ctx, "/pods/ns/", opts, bound)
	if err != nil {
		t.Fatal(err)
	}
	defer held.Stop()
	plain, err := s.Watch(ctx, "/pods/ns/", opts)
	if err != nil {
		t.Fatal(err)
	}
	defer plain.Stop()

	const key = "/pods/ns/big"
	out := &example.Pod{}
	if err := s.Create(ctx, key, &example.Pod{ObjectMeta: metav1.ObjectMeta{Name: "big", Namespace: "ns"}}, out, 0); err != nil {
		t.Fatal(err)
	}
	// Writes until the values written pass the bound, and two more; the
	// held watch should send the events up to the first past it.
	sent := s.currentValueSize(key)
	withinBound, writes := 0, 1
	for extra := 0; extra < 2; writes++ {
		if err := s.GuaranteedUpdate(ctx, key, out, false, nil, func(in runtime.Object, _ storage.ResponseMeta) (runtime.Object, *uint64, error) {
			pod := in.(*example.Pod).DeepCopy()
			pod.Labels = map[string]string{"filler": strings.Repeat("x", 60<<10+writes)}
			return pod, nil, nil
		}, nil); err != nil {
			t.Fatal(err)
		}
		if sent <= bound {
			withinBound++
		} else {
			extra++
		}
		sent += s.currentValueSize(key)
	}

	got := drain(t, held)
	if n := len(got) - 1; n != withinBound+1 || got[n].Type != watch.Error {
		t.Fatalf("the held watch sent %d events, the last %v; want %d events (the last past the bound of %d bytes) and an ERROR", len(got), got[len(got)-1].Type, withinBound+1, bound)
	}
	if err := apierrors.FromObject(got[len(got)-1].Object); !apierrors.IsResourceExpired(err) {
		t.Errorf("the held watch ended with %v, want 410 Expired", err)
	}
	for i := range writes {
		select {
		case e := <-plain.ResultChan():
			if e.Type == watch.Error {
				t.Fatalf("the plain watch ended at event %d: %v", i, apierrors.FromObject(e.Object))
			}
		case <-time.After(10 * time.Second):
			t.Fatalf("the plain watch stopped after %d of %d events", i, writes)
		}
	}
}

// A held window counts the last WatchCacheEvents events only, as the watch
// cache keeps no more.
func TestHeldWindowSlides(t *testing.T) {
	h := &heldWindow{maxBytes: WatchCacheEvents}
	for i := range WatchCacheEvents {
		if !h.add(1) {
			t.Fatalf("event %d: %d bytes over the bound of %d", i, h.total, h.maxBytes)
		}
	}
	if !h.add(1) || h.total != WatchCacheEvents {
		t.Fatalf("after sliding: %d bytes, want %d", h.total, WatchCacheEvents)
	}
	if h.add(2) {
		t.Fatalf("a window of %d bytes passed the bound of %d", h.total, h.maxBytes)
	}
}

func (s *Store) currentValueSize(key string) int64 {
	kv, _, _ := s.backend.get(key)
	return int64(len(kv.value))
}

// drain reads a watch's events until it closes.
func drain(t *testing.T, w watch.Interface) []watch.Event {
	t.Helper()
	var events []watch.Event
	for {
		select {
		case e, ok := <-w.ResultChan():
			if !ok {
				return events
			}
			events = append(events, e)
		case <-time.After(10 * time.Second):
			t.Fatalf("the watch is still open after %d events", len(events))
		}
	}
}
