// Package memstore is an in-memory implementation of k8s.io/apiserver's
// storage.Interface: a multi-version key-value space shared by every resource
// of one server, the way one etcd is shared by one kube-apiserver.
//
// It keeps what clients can observe of etcd: one global revision that every
// write increments, optimistic writes on the key's modification revision,
// reads and lists at a past revision until that revision is compacted, and a
// history of events that watches replay from any revision not yet compacted.
package memstore

import (
	"errors"
	"sort"
	"strings"
	"sync"
	"time"
)

// Errors the backend reports; the resource stores translate them into the
// API errors etcd's would become.
var (
	errCompacted = errors.New("mvcc: required revision has been compacted")
	errFutureRev = errors.New("mvcc: required revision is a future revision")
)

// Defaults for Options.
const (
	// DefaultHistoryLimit is how many revisions of history a backend keeps
	// before compacting the oldest ones.
	DefaultHistoryLimit = 10000
	// DefaultHistoryBytes is how many bytes of superseded values (the
	// history beyond the live objects) a backend keeps before compacting
	// the oldest ones: a bound on memory whatever the objects' size, as
	// etcd's quota bounds its database and kube-apiserver's compactions
	// keep it under the quota.
	DefaultHistoryBytes = 256 << 20
	// DefaultProgressNotifyInterval is etcd's default: how long a
	// progress-notifying watch stays quiet before it reports the revision.
	DefaultProgressNotifyInterval = 10 * time.Minute
)

// Options configure a Backend; zero values take the defaults.
type Options struct {
	// HistoryLimit bounds the revisions kept for watches and past reads.
	HistoryLimit int64
	// HistoryBytes bounds the bytes of superseded and deleted values kept
	// for watches and past reads; past it, the oldest revisions are
	// compacted until half of it is left.
	HistoryBytes int64
	// ProgressNotifyInterval is how often a quiet progress-notifying watch
	// (the kind the watch cache opens) reports the current revision.
	ProgressNotifyInterval time.Duration
}

// keyValue is one version of one key.
type keyValue struct {
	key       string
	value     []byte
	modRev    int64
	createRev int64
}

// version is one entry of a key's history; a tombstone marks a deletion.
type version struct {
	kv        keyValue
	tombstone bool
}

// event is one write, as a watch sees it.
type event struct {
	key       string
	rev       int64
	value     []byte // nil for a deletion
	prevValue []byte // nil for a creation
	created   bool
	deleted   bool
}

// Backend is the shared keyspace. It is safe for concurrent use.
type Backend struct {
	mu             sync.RWMutex
	rev            int64
	compactedRev   int64
	historyLimit   int64
	historyBytes   int64 // the bound
	supersededSize int64 // bytes of the values in history that are not live
	liveSize       int64 // bytes of the live values
	progressPeriod time.Duration
	keys           []string // sorted; every key with a version newer than compactedRev or a live one
	history        map[string][]version
	events         []event       // every write after compactedRev, in revision order
	changed        chan struct{} // closed and replaced on every write or progress request
	progressGen    int64         // incremented by each progress request
}

// NewBackend returns an empty keyspace at revision 1, like a fresh etcd.
func NewBackend(opts Options) *Backend {
	if opts.HistoryLimit <= 0 {
		opts.HistoryLimit = DefaultHistoryLimit
	}
	if opts.HistoryBytes <= 0 {
		opts.HistoryBytes = DefaultHistoryBytes
	}
	if opts.ProgressNotifyInterval <= 0 {
		opts.ProgressNotifyInterval = DefaultProgressNotifyInterval
	}
	return &Backend{
		rev:            1,
		historyLimit:   opts.HistoryLimit,
		historyBytes:   opts.HistoryBytes,
		progressPeriod: opts.ProgressNotifyInterval,
		history:        map[string][]version{},
		changed:        make(chan struct{}),
	}
}

// Revision returns the current revision.
func (b *Backend) Revision() int64 {
	b.mu.RLock()
	defer b.mu.RUnlock()
	return b.rev
}

// CompactedRevision returns the oldest revision still readable, as etcd's
// compact revision: reads before it, and watches from before it, fail (a
// watch from a revision needs that revision to tell a change from a
// creation).
func (b *Backend) CompactedRevision() int64 {
	b.mu.RLock()
	defer b.mu.RUnlock()
	return b.compactedRev
}

// get returns the newest version of key and the current revision.
func (b *Backend) get(key string) (keyValue, bool, int64) {
	b.mu.RLock()
	defer b.mu.RUnlock()
	kv, ok := b.latest(key)
	return kv, ok, b.rev
}

// latest returns the live version of key. The caller holds the lock.
func (b *Backend) latest(key string) (keyValue, bool) {
	versions := b.history[key]
	if len(versions) == 0 || versions[len(versions)-1].tombstone {
		return keyValue{}, false
	}
	return versions[len(versions)-1].kv, true
}

// at returns the version of key visible at rev. The caller holds the lock.
func (b *Backend) at(key string, rev int64) (keyValue, bool) {
	versions := b.history[key]
	i := sort.Search(len(versions), func(i int) bool { return versions[i].kv.modRev > rev })
	if i == 0 || versions[i-1].tombstone {
		return keyValue{}, false
	}
	return versions[i-1].kv, true
}

// checkReadable reports whether rev can be read: not compacted, not future.
// The caller holds the lock.
func (b *Backend) checkReadable(rev int64) error {
	if rev > b.rev {
		return errFutureRev
	}
	if rev < b.compactedRev {
		return errCompacted
	}
	return nil
}

// rangeResult is one page of keys under a prefix.
type rangeResult struct {
	kvs   []keyValue
	rev   int64 // the revision the page was read at
	count int64 // live keys from the start key to the end of the prefix
}

// rangeAt returns the live keys under prefix at rev (the current revision
// when rev is 0), starting at startKey, in key order.
func (b *Backend) rangeAt(prefix, startKey string, rev int64) (rangeResult, error) {
	b.mu.RLock()
	defer b.mu.RUnlock()
	if rev == 0 {
		rev = b.rev
	} else if err := b.checkReadable(rev); err != nil {
		return rangeResult{}, err
	}
	if startKey < prefix {
		startKey = prefix
	}
	result := rangeResult{rev: rev}
	for i := sort.SearchStrings(b.keys, startKey); i < len(b.keys) && strings.HasPrefix(b.keys[i], prefix); i++ {
		if kv, ok := b.at(b.keys[i], rev); ok {
			result.kvs = append(result.kvs, kv)
		}
	}
	result.count = int64(len(result.kvs))
	return result, nil
}

// getAt returns the version of key visible at rev (current when 0).
func (b *Backend) getAt(key string, rev int64) (keyValue, bool, int64, error) {
	b.mu.RLock()
	defer b.mu.RUnlock()
	if rev == 0 {
		kv, ok := b.latest(key)
		return kv, ok, b.rev, nil
	}
	if err := b.checkReadable(rev); err != nil {
		return keyValue{}, false, 0, err
	}
	kv, ok := b.at(key, rev)
	return kv, ok, rev, nil
}

// put writes value to key if the key's live modification revision equals
// expectedModRev (0: the key must not exist). On a mismatch it returns the
// current version (if any) and ok=false.
func (b *Backend) put(key string, value []byte, expectedModRev int64) (rev int64, current keyValue, exists, ok bool) {
	b.mu.Lock()
	defer b.mu.Unlock()
	old, exists := b.latest(key)
	if old.modRev != expectedModRev {
		return 0, old, exists, false
	}
	b.rev++
	kv := keyValue{key: key, value: value, modRev: b.rev, createRev: b.rev}
	if exists {
		kv.createRev = old.createRev
	}
	b.appendVersion(key, version{kv: kv})
	b.liveSize += int64(len(value) - len(old.value))
	b.supersededSize += int64(len(old.value))
	b.recordLocked(event{key: key, rev: b.rev, value: value, prevValue: old.value, created: !exists})
	return b.rev, kv, true, true
}

// remove deletes key if its live modification revision equals
// expectedModRev. On a mismatch it returns the current version, if any.
func (b *Backend) remove(key string, expectedModRev int64) (rev int64, current keyValue, exists, ok bool) {
	b.mu.Lock()
	defer b.mu.Unlock()
	old, exists := b.latest(key)
	if !exists || old.modRev != expectedModRev {
		return 0, old, exists, false
	}
	b.rev++
	b.appendVersion(key, version{kv: keyValue{key: key, modRev: b.rev}, tombstone: true})
	b.liveSize -= int64(len(old.value))
	b.supersededSize += int64(len(old.value))
	b.recordLocked(event{key: key, rev: b.rev, prevValue: old.value, deleted: true})
	return b.rev, old, true, true
}

// appendVersion adds a version to key's history, indexing a new key.
func (b *Backend) appendVersion(key string, v version) {
	if _, known := b.history[key]; !known {
		i := sort.SearchStrings(b.keys, key)
		b.keys = append(b.keys, "")
		copy(b.keys[i+1:], b.keys[i:])
		b.keys[i] = key
	}
	b.history[key] = append(b.history[key], v)
}

// recordLocked logs a write for watchers, wakes them, and compacts history
// beyond the limit.
func (b *Backend) recordLocked(e event) {
	b.events = append(b.events, e)
	b.wakeLocked()
	if b.rev-b.compactedRev > 2*b.historyLimit {
		b.compactLocked(b.rev - b.historyLimit)
	}
	if b.supersededSize > b.historyBytes {
		b.compactLocked(b.revisionFreeing(b.supersededSize - b.historyBytes/2))
	}
}

// revisionFreeing returns the oldest revision whose compaction drops at
// least size bytes of superseded values: a value superseded (or deleted) at
// revision r goes with a compaction at r or later. The caller holds the lock.
func (b *Backend) revisionFreeing(size int64) int64 {
	var freed int64
	for _, e := range b.events {
		freed += int64(len(e.prevValue))
		if freed >= size {
			return e.rev
		}
	}
	return b.rev
}

// HistorySize returns the bytes of values the backend holds: the live ones
// and the superseded ones kept as history.
func (b *Backend) HistorySize() (live, superseded int64) {
	b.mu.RLock()
	defer b.mu.RUnlock()
	return b.liveSize, b.supersededSize
}

func (b *Backend) wakeLocked() {
	close(b.changed)
	b.changed = make(chan struct{})
}

// Compact drops the history before rev, like etcd's compaction: reads at
// older revisions and watches from them answer 410 Gone afterwards.
func (b *Backend) Compact(rev int64) {
	b.mu.Lock()
	defer b.mu.Unlock()
	if rev > b.rev {
		rev = b.rev
	}
	b.compactLocked(rev)
	b.wakeLocked()
}

func (b *Backend) compactLocked(rev int64) {
	if rev <= b.compactedRev {
		return
	}
	b.compactedRev = rev
	i := sort.Search(len(b.events), func(i int) bool { return b.events[i].rev > rev })
	b.events = append([]event(nil), b.events[i:]...)
	kept := b.keys[:0]
	b.supersededSize = 0
	for _, key := range b.keys {
		if versions := compactHistory(b.history[key], rev); len(versions) > 0 {
			b.history[key] = versions
			b.supersededSize += supersededSize(versions)
			kept = append(kept, key)
		} else {
			delete(b.history, key)
		}
	}
	b.keys = kept
}

// supersededSize is the bytes of the values of versions but the last (the
// live one, or a tombstone, which has none).
func supersededSize(versions []version) int64 {
	var size int64
	for _, v := range versions[:len(versions)-1] {
		size += int64(len(v.kv.value))
	}
	return size
}

// compactHistory keeps the versions newer than rev, plus the one visible at
// rev when it is live (reads at rev and later still need it).
func compactHistory(versions []version, rev int64) []version {
	i := sort.Search(len(versions), func(i int) bool { return versions[i].kv.modRev > rev })
	if i > 0 && !versions[i-1].tombstone {
		i--
	}
	if i == 0 {
		return versions
	}
	return append([]version(nil), versions[i:]...)
}

// requestProgress asks every progress-notifying watch to report the current
// revision.
func (b *Backend) requestProgress() {
	b.mu.Lock()
	defer b.mu.Unlock()
	b.progressGen++
	b.wakeLocked()
}

// eventsAfter returns the logged writes after rev under prefix (or to the
// exact key when not recursive), the revision they run to, the progress
// generation, and a channel closed on the next write.
func (b *Backend) eventsAfter(key string, recursive bool, rev int64) ([]event, int64, int64, <-chan struct{}, error) {
	b.mu.RLock()
	defer b.mu.RUnlock()
	if rev < b.compactedRev {
		return nil, 0, 0, nil, errCompacted
	}
	var matched []event
	i := sort.Search(len(b.events), func(i int) bool { return b.events[i].rev > rev })
	for _, e := range b.events[i:] {
		if e.key == key || (recursive && strings.HasPrefix(e.key, key)) {
			matched = append(matched, e)
		}
	}
	return matched, b.rev, b.progressGen, b.changed, nil
}
