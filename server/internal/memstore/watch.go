package memstore

import (
	"context"
	"errors"
	"fmt"
	"reflect"
	"strings"
	"time"

	apierrors "k8s.io/apimachinery/pkg/api/errors"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/runtime/schema"
	"k8s.io/apimachinery/pkg/util/wait"
	"k8s.io/apimachinery/pkg/watch"
	"k8s.io/apiserver/pkg/features"
	"k8s.io/apiserver/pkg/storage"
	utilfeature "k8s.io/apiserver/pkg/util/feature"
)

// resultBufferSize is etcd3's outgoingBufSize.
const resultBufferSize = 100

// watchChan is one watch over the backend, following etcd3's watchChan:
// optional initial events, an optional initial-events-end bookmark, then
// every write after the start revision that the predicate selects.
type watchChan struct {
	store          *Store
	key            string
	recursive      bool
	initialRev     int64
	progressNotify bool
	pred           storage.SelectionPredicate
	ctx            context.Context
	cancel         context.CancelFunc
	results        chan watch.Event
	// decodedAs is the Go type and kind of what this watch decodes, learnt
	// from its first decode, so that later events may share the store's
	// decoded copy of the same version instead of decoding again.
	decodedAs *decodedShape
	// held, for a watcher that keeps its events (WatchHeld), bounds the
	// bytes of the events it was sent.
	held *heldWindow
}

type decodedShape struct {
	goType reflect.Type
	gvk    schema.GroupVersionKind
}

func (s *Store) startWatch(ctx context.Context, key string, rev int64, opts storage.ListOptions, held *heldWindow) (watch.Interface, error) {
	if opts.Recursive && !strings.HasSuffix(key, "/") {
		return nil, fmt.Errorf(`recursive key needs to end with "/"`)
	}
	if opts.ProgressNotify && s.newFunc == nil {
		return nil, apierrors.NewInternalError(errors.New("progressNotify for watch is unsupported by the storage because no newFunc was provided"))
	}
	startRev := rev
	if startRev == 0 && watchListEnabled() && opts.SendInitialEvents != nil && !*opts.SendInitialEvents {
		startRev = s.backend.Revision()
	}
	w := &watchChan{
		store:          s,
		key:            key,
		recursive:      opts.Recursive,
		initialRev:     startRev,
		progressNotify: opts.ProgressNotify,
		pred:           opts.Predicate,
		results:        make(chan watch.Event, resultBufferSize),
		held:           held,
	}
	if w.pred.Empty() {
		w.pred = storage.Everything
	}
	w.ctx, w.cancel = context.WithCancel(ctx)
	go w.run(initialEventsEndBookmarkRequired(opts), initialEventsRequired(rev, opts))
	return w, nil
}

func watchListEnabled() bool {
	return utilfeature.DefaultFeatureGate.Enabled(features.WatchList)
}

// initialEventsEndBookmarkRequired mirrors etcd3's isInitialEventsEndBookmarkRequired.
func initialEventsEndBookmarkRequired(opts storage.ListOptions) bool {
	return watchListEnabled() && opts.SendInitialEvents != nil && *opts.SendInitialEvents && opts.Predicate.AllowWatchBookmarks
}

// initialEventsRequired mirrors etcd3's areInitialEventsRequired.
func initialEventsRequired(rev int64, opts storage.ListOptions) bool {
	if opts.SendInitialEvents == nil && rev == 0 {
		return true
	}
	return watchListEnabled() && opts.SendInitialEvents != nil && *opts.SendInitialEvents
}

// Stop implements watch.Interface.
func (w *watchChan) Stop() { w.cancel() }

// ResultChan implements watch.Interface.
func (w *watchChan) ResultChan() <-chan watch.Event { return w.results }

func (w *watchChan) run(endBookmarkRequired, initialEvents bool) {
	defer close(w.results)
	defer w.cancel()
	if initialEvents && !w.sendInitialEvents() {
		return
	}
	if endBookmarkRequired && !w.sendBookmark(w.initialRev, true) {
		return
	}
	w.follow()
}

// sendInitialEvents sends the selected objects as ADDED events. Like etcd3's
// sync it reads the current state whatever the start revision, and the watch
// continues from there.
func (w *watchChan) sendInitialEvents() bool {
	if w.initialRev > 0 {
		if current := w.store.backend.Revision(); w.initialRev > current {
			retry := int(wait.Jitter(time.Second, 3).Seconds())
			return w.sendError(storage.NewTooLargeResourceVersionError(uint64(w.initialRev), uint64(current), retry))
		}
	}
	page, err := w.store.readPage(w.key, "", 0, w.recursive)
	if err != nil {
		return w.sendError(w.store.listReadError(err, w.initialRev, true, w.key, w.key))
	}
	w.initialRev = page.rev
	for _, kv := range page.kvs {
		if !w.transformAndSend(event{key: kv.key, rev: kv.modRev, value: kv.value, created: true}) {
			return false
		}
	}
	return true
}

// follow streams the writes after the start revision until the watch stops
// or its history is compacted away. A progress-notifying watch also reports
// the revision it has reached when asked to, and after a quiet period.
func (w *watchChan) follow() {
	position := w.initialRev
	_, _, progressSeen, _, _ := w.store.backend.eventsAfter(w.key, w.recursive, position)
	var quiet <-chan time.Time
	if w.progressNotify {
		ticker := time.NewTicker(w.store.backend.progressPeriod)
		defer ticker.Stop()
		quiet = ticker.C
	}
	for {
		events, rev, progress, changed, err := w.store.backend.eventsAfter(w.key, w.recursive, position)
		if err != nil {
			w.sendError(apierrors.NewResourceExpired(watchExpired))
			return
		}
		for _, e := range events {
			if !w.transformAndSend(e) || !w.holdOrExpire(e) {
				return
			}
		}
		position = max(position, rev)
		if w.progressNotify && progress != progressSeen {
			progressSeen = progress
			if !w.sendBookmark(position, false) {
				return
			}
		}
		select {
		case <-changed:
		case <-quiet:
			if !w.sendBookmark(position, false) {
				return
			}
		case <-w.ctx.Done():
			return
		}
	}
}

// transformAndSend turns a write into the event the predicate makes of it,
// as etcd3's watchChan.transform does, and sends it.
func (w *watchChan) transformAndSend(e event) bool {
	result, err := w.transform(e)
	if err != nil {
		return w.sendError(err)
	}
	if result == nil {
		return true
	}
	return w.send(*result)
}

func (w *watchChan) transform(e event) (*watch.Event, error) {
	var current, previous runtime.Object
	var err error
	if !e.deleted {
		if current, err = w.decodeVersion(e.key, e.value, e.rev); err != nil {
			return nil, err
		}
	}
	if e.prevValue != nil && (e.deleted || !w.acceptsAll()) {
		// Like etcd3, a deletion carries the old object at the deletion's revision.
		if previous, err = w.decode(e.prevValue, e.rev); err != nil {
			return nil, err
		}
	}
	switch {
	case e.deleted:
		return w.eventIf(w.matches(previous), watch.Deleted, previous), nil
	case e.created:
		return w.eventIf(w.matches(current), watch.Added, current), nil
	case w.acceptsAll():
		return &watch.Event{Type: watch.Modified, Object: current}, nil
	}
	currentPasses, previousPasses := w.matches(current), w.matches(previous)
	switch {
	case currentPasses && previousPasses:
		return &watch.Event{Type: watch.Modified, Object: current}, nil
	case currentPasses:
		return &watch.Event{Type: watch.Added, Object: current}, nil
	case previousPasses:
		return &watch.Event{Type: watch.Deleted, Object: previous}, nil
	}
	return nil, nil
}

func (w *watchChan) eventIf(ok bool, kind watch.EventType, obj runtime.Object) *watch.Event {
	if !ok {
		return nil
	}
	return &watch.Event{Type: kind, Object: obj}
}

func (w *watchChan) acceptsAll() bool { return w.pred.Empty() }

func (w *watchChan) matches(obj runtime.Object) bool {
	if obj == nil {
		return false
	}
	if w.pred.Empty() {
		return true
	}
	matched, err := w.pred.Matches(obj)
	return err == nil && matched
}

func (w *watchChan) decode(data []byte, rev int64) (runtime.Object, error) {
	obj, err := runtime.Decode(w.store.codec, data)
	if err != nil {
		return nil, err
	}
	if err := w.store.versioner.UpdateObject(obj, uint64(rev)); err != nil {
		return nil, fmt.Errorf("failure to version api object (%d) %#v: %v", rev, obj, err)
	}
	if w.decodedAs == nil {
		w.decodedAs = &decodedShape{goType: reflect.TypeOf(obj), gvk: obj.GetObjectKind().GroupVersionKind()}
	}
	return obj, nil
}

// decodeVersion is decode for the version of key written at modRev. The
// write has usually just decoded it (Create and GuaranteedUpdate answer
// with the stored object), so a deep copy of that, when it has the shape
// this watch decodes to, saves the second decode.
func (w *watchChan) decodeVersion(key string, data []byte, modRev int64) (runtime.Object, error) {
	if w.decodedAs != nil {
		if obj := w.store.decodedCopy(key, modRev, w.decodedAs.goType, w.decodedAs.gvk); obj != nil {
			return obj, nil
		}
	}
	return w.decode(data, modRev)
}

// sendBookmark sends a bookmark at rev; the initial-events-end bookmark
// carries the annotation that tells clients the initial list is complete.
func (w *watchChan) sendBookmark(rev int64, initialEventsEnd bool) bool {
	obj := w.store.newFunc()
	if err := w.store.versioner.UpdateObject(obj, uint64(rev)); err != nil {
		return w.sendError(fmt.Errorf("failed to propagate object resource version: %w", err))
	}
	if initialEventsEnd {
		if err := storage.AnnotateInitialEventsEndBookmark(obj); err != nil {
			return w.sendError(err)
		}
	}
	return w.send(watch.Event{Type: watch.Bookmark, Object: obj})
}

func (w *watchChan) send(e watch.Event) bool {
	select {
	case w.results <- e:
		return true
	case <-w.ctx.Done():
		return false
	}
}

// sendError sends err as an ERROR event and ends the watch; it always
// reports false so callers can return its result.
func (w *watchChan) sendError(err error) bool {
	defer w.cancel()
	if errors.Is(err, context.Canceled) {
		return false
	}
	if _, ok := err.(apierrors.APIStatus); !ok {
		err = apierrors.NewInternalError(err)
	}
	status := err.(apierrors.APIStatus).Status()
	select {
	case w.results <- watch.Event{Type: watch.Error, Object: &status}:
	case <-w.ctx.Done():
	}
	return false
}
