package memstore

import (
	"context"

	apierrors "k8s.io/apimachinery/pkg/api/errors"
	"k8s.io/apimachinery/pkg/watch"
	"k8s.io/apiserver/pkg/storage"
)

// WatchCacheEvents is the most events kube-apiserver's watch cache keeps
// for one resource (k8s.io/apiserver's defaultUpperBoundCapacity, with the
// default event fresh duration). Its window is at most the last this many
// events its storage watch delivered.
const WatchCacheEvents = 100 * 1024

// windowExpired is the reason a held watch ends once its window is too big.
const windowExpired = "the watch cache's window of events passed its byte bound; compacted"

// WatchHeld is Watch for a watcher that keeps what it receives, as
// kube-apiserver's watch cache keeps a window of events: once the values of
// the last WatchCacheEvents events it was sent add up to more than
// maxBytes, the watch ends with 410 Expired, as an etcd watch that falls
// behind a compaction does. The watch cache then lists again and starts an
// empty window at the current revision (watches older than it get 410),
// so what it holds stays within maxBytes plus one event.
func (s *Store) WatchHeld(ctx context.Context, key string, opts storage.ListOptions, maxBytes int64) (watch.Interface, error) {
	if maxBytes <= 0 {
		return s.Watch(ctx, key, opts)
	}
	return s.watch(ctx, key, opts, &heldWindow{maxBytes: maxBytes})
}

// heldWindow is the byte size of the last WatchCacheEvents events a watch
// sent: a ring of sizes, grown as events come.
type heldWindow struct {
	maxBytes int64
	sizes    []int64
	next     int // where the next size goes once sizes is full
	total    int64
}

// add records an event of size bytes; it reports whether the window is
// still within its bound.
func (h *heldWindow) add(size int64) bool {
	if len(h.sizes) < WatchCacheEvents {
		h.sizes = append(h.sizes, size)
	} else {
		h.total -= h.sizes[h.next]
		h.sizes[h.next] = size
		h.next = (h.next + 1) % WatchCacheEvents
	}
	h.total += size
	return h.total <= h.maxBytes
}

// heldEventSize is what an event costs a watcher that keeps it: the value
// it decodes (the old one for a deletion).
func heldEventSize(e event) int64 {
	if e.deleted {
		return int64(len(e.prevValue))
	}
	return int64(len(e.value))
}

// holdOrExpire counts a followed event against the held window, if any,
// and ends the watch with 410 when the window is past its bound.
func (w *watchChan) holdOrExpire(e event) bool {
	if w.held == nil || w.held.add(heldEventSize(e)) {
		return true
	}
	return w.sendError(apierrors.NewResourceExpired(windowExpired))
}
