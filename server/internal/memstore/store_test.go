package memstore

// These tests run k8s.io/apiserver's own storage.Interface conformance suite
// (the one etcd3 and the watch cache pass) against the in-memory store. Tests
// that inspect etcd internals (transformers, call counts, TTL leases) are left
// out.

import (
	"context"
	"testing"
	"time"

	"k8s.io/apimachinery/pkg/api/apitesting"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/runtime/schema"
	"k8s.io/apimachinery/pkg/runtime/serializer"
	utilruntime "k8s.io/apimachinery/pkg/util/runtime"
	"k8s.io/apimachinery/pkg/watch"
	"k8s.io/apiserver/pkg/apis/example"
	examplev1 "k8s.io/apiserver/pkg/apis/example/v1"
	"k8s.io/apiserver/pkg/storage"
	storagetesting "k8s.io/apiserver/pkg/storage/testing"
)

var (
	testScheme = runtime.NewScheme()
	testCodecs = serializer.NewCodecFactory(testScheme)
)

func init() {
	metav1.AddToGroupVersion(testScheme, metav1.SchemeGroupVersion)
	utilruntime.Must(example.AddToScheme(testScheme))
	utilruntime.Must(examplev1.AddToScheme(testScheme))
}

// newTestStore returns a pods store over a fresh backend.
func newTestStore(t *testing.T) (context.Context, *Store) {
	t.Helper()
	s, err := NewStore(NewBackend(Options{ProgressNotifyInterval: time.Second}), Config{
		Codec:          apitesting.TestCodec(testCodecs, examplev1.SchemeGroupVersion),
		ResourcePrefix: "/pods/",
		GroupResource:  schema.GroupResource{Resource: "pods"},
		NewFunc:        func() runtime.Object { return &example.Pod{} },
		NewListFunc:    func() runtime.Object { return &example.PodList{} },
	})
	if err != nil {
		t.Fatal(err)
	}
	return context.Background(), s
}

// compaction compacts the store's backend at a resourceVersion. Like
// etcd3's Compact it first records the compaction in a key, which takes a
// revision.
func compaction(s *Store) storagetesting.Compaction {
	return func(ctx context.Context, t *testing.T, resourceVersion string) {
		rv, err := s.versioner.ParseResourceVersion(resourceVersion)
		if err != nil {
			t.Fatal(err)
		}
		increaseRV(s)(ctx, t)
		s.backend.Compact(int64(rv))
	}
}

// increaseRV writes a key outside any resource, as the etcd3 tests do.
func increaseRV(s *Store) storagetesting.IncreaseRVFunc {
	return func(ctx context.Context, t *testing.T) int64 {
		rev, _, _, _ := s.backend.put("increaseRV", []byte("ok"), s.currentModRev("increaseRV"))
		return rev
	}
}

func (s *Store) currentModRev(key string) int64 {
	kv, _, _ := s.backend.get(key)
	return kv.modRev
}

func noKeyValidation(context.Context, *testing.T, string) {}

func noCallsValidation(*testing.T, uint64, uint64) {}

func TestCreate(t *testing.T) {
	ctx, s := newTestStore(t)
	storagetesting.RunTestCreate(ctx, t, s, noKeyValidation)
}

func TestCreateWithKeyExist(t *testing.T) {
	ctx, s := newTestStore(t)
	storagetesting.RunTestCreateWithKeyExist(ctx, t, s)
}

func TestGet(t *testing.T) {
	ctx, s := newTestStore(t)
	storagetesting.RunTestGet(ctx, t, s)
}

func TestDelete(t *testing.T) {
	for name, run := range map[string]func(context.Context, *testing.T, storage.Interface){
		"Unconditional":                        storagetesting.RunTestUnconditionalDelete,
		"Conditional":                          storagetesting.RunTestConditionalDelete,
		"WithSuggestion":                       storagetesting.RunTestDeleteWithSuggestion,
		"WithSuggestionAndConflict":            storagetesting.RunTestDeleteWithSuggestionAndConflict,
		"WithSuggestionOfDeletedObject":        storagetesting.RunTestDeleteWithSuggestionOfDeletedObject,
		"ValidateDeletionWithSuggestion":       storagetesting.RunTestValidateDeletionWithSuggestion,
		"ValidateDeletionWithOnlySuggestion":   storagetesting.RunTestValidateDeletionWithOnlySuggestionValid,
		"WithConflict":                         storagetesting.RunTestDeleteWithConflict,
		"PreconditionalWithSuggestion":         storagetesting.RunTestPreconditionalDeleteWithSuggestion,
		"PreconditionalWithOnlySuggestionPass": storagetesting.RunTestPreconditionalDeleteWithOnlySuggestionPass,
	} {
		t.Run(name, func(t *testing.T) {
			ctx, s := newTestStore(t)
			run(ctx, t, s)
		})
	}
}

func TestGuaranteedUpdate(t *testing.T) {
	for name, run := range map[string]func(context.Context, *testing.T, storage.Interface){
		"WithConflict":              storagetesting.RunTestGuaranteedUpdateWithConflict,
		"WithSuggestionAndConflict": storagetesting.RunTestGuaranteedUpdateWithSuggestionAndConflict,
	} {
		t.Run(name, func(t *testing.T) {
			ctx, s := newTestStore(t)
			run(ctx, t, s)
		})
	}
}

func TestList(t *testing.T) {
	ctx, s := newTestStore(t)
	storagetesting.RunTestList(ctx, t, s, compaction(s), false, nil)
}

func TestListVariants(t *testing.T) {
	for name, run := range map[string]func(context.Context, *testing.T, *Store){
		"Paging": func(ctx context.Context, t *testing.T, s *Store) { storagetesting.RunTestListPaging(ctx, t, s) },
		"RecursivePrefix": func(ctx context.Context, t *testing.T, s *Store) {
			storagetesting.RunTestGetListRecursivePrefix(ctx, t, s)
		},
		"NamespaceScoped": func(ctx context.Context, t *testing.T, s *Store) {
			storagetesting.RunTestNamespaceScopedList(ctx, t, s)
		},
		"KeySchema": func(ctx context.Context, t *testing.T, s *Store) { storagetesting.RunTestKeySchema(ctx, t, s) },
		"Continuation": func(ctx context.Context, t *testing.T, s *Store) {
			storagetesting.RunTestListContinuation(ctx, t, s, noCallsValidation)
		},
		"PaginationRare": func(ctx context.Context, t *testing.T, s *Store) {
			storagetesting.RunTestListPaginationRareObject(ctx, t, s, noCallsValidation)
		},
		"ContinuationFilter": func(ctx context.Context, t *testing.T, s *Store) {
			storagetesting.RunTestListContinuationWithFilter(ctx, t, s, noCallsValidation)
		},
		"InconsistentContinue": func(ctx context.Context, t *testing.T, s *Store) {
			storagetesting.RunTestListInconsistentContinuation(ctx, t, s, compaction(s))
		},
		"NonRecursive": func(ctx context.Context, t *testing.T, s *Store) {
			storagetesting.RunTestGetListNonRecursive(ctx, t, increaseRV(s), s)
		},
		"Consistent": func(ctx context.Context, t *testing.T, s *Store) {
			storagetesting.RunTestConsistentList(ctx, t, s, increaseRV(s), false, true, false)
		},
	} {
		t.Run(name, func(t *testing.T) {
			ctx, s := newTestStore(t)
			run(ctx, t, s)
		})
	}
}

func TestWatch(t *testing.T) {
	for name, run := range map[string]func(context.Context, *testing.T, *Store){
		"Watch":         func(ctx context.Context, t *testing.T, s *Store) { storagetesting.RunTestWatch(ctx, t, s) },
		"ClusterScoped": func(ctx context.Context, t *testing.T, s *Store) { storagetesting.RunTestClusterScopedWatch(ctx, t, s) },
		"NamespaceScoped": func(ctx context.Context, t *testing.T, s *Store) {
			storagetesting.RunTestNamespaceScopedWatch(ctx, t, s)
		},
		"DeleteTrigger": func(ctx context.Context, t *testing.T, s *Store) { storagetesting.RunTestDeleteTriggerWatch(ctx, t, s) },
		"FromZero": func(ctx context.Context, t *testing.T, s *Store) {
			storagetesting.RunTestWatchFromZero(ctx, t, s, compaction(s))
		},
		"FromNonZero": func(ctx context.Context, t *testing.T, s *Store) { storagetesting.RunTestWatchFromNonZero(ctx, t, s) },
		"DelayedDelivery": func(ctx context.Context, t *testing.T, s *Store) {
			storagetesting.RunTestDelayedWatchDelivery(ctx, t, s)
		},
		"ContextCancel":  func(ctx context.Context, t *testing.T, s *Store) { storagetesting.RunTestWatchContextCancel(ctx, t, s) },
		"WatcherTimeout": func(ctx context.Context, t *testing.T, s *Store) { storagetesting.RunTestWatcherTimeout(ctx, t, s) },
		"DeleteEventHasLatestRV": func(ctx context.Context, t *testing.T, s *Store) {
			storagetesting.RunTestWatchDeleteEventObjectHaveLatestRV(ctx, t, s)
		},
		"ProgressNotify": func(ctx context.Context, t *testing.T, s *Store) {
			storagetesting.RunOptionalTestProgressNotify(ctx, t, s, increaseRV(s))
		},
		"DispatchBookmarks": func(ctx context.Context, t *testing.T, s *Store) {
			storagetesting.RunTestWatchDispatchBookmarkEvents(ctx, t, s, false)
		},
		"InitialEventsCompat": func(ctx context.Context, t *testing.T, s *Store) {
			storagetesting.RunSendInitialEventsBackwardCompatibility(ctx, t, s)
		},
		"Semantics": func(ctx context.Context, t *testing.T, s *Store) { storagetesting.RunWatchSemantics(ctx, t, s) },
		"InitialEventsExtended": func(ctx context.Context, t *testing.T, s *Store) {
			storagetesting.RunWatchSemanticInitialEventsExtended(ctx, t, s)
		},
		"ListMatchSingle": func(ctx context.Context, t *testing.T, s *Store) { storagetesting.RunWatchListMatchSingle(ctx, t, s) },
	} {
		t.Run(name, func(t *testing.T) {
			ctx, s := newTestStore(t)
			run(ctx, t, s)
		})
	}
}

// Watch events may be deep copies of the object a write just decoded; they
// must not share memory with it, nor with what later reads return.
func TestWatchEventsDoNotAliasDecodedObjects(t *testing.T) {
	ctx, s := newTestStore(t)
	w, err := s.Watch(ctx, "/pods/ns/", storage.ListOptions{ResourceVersion: "1", Recursive: true, Predicate: storage.Everything})
	if err != nil {
		t.Fatal(err)
	}
	defer w.Stop()
	// The watch decodes its first event itself; the second may be shared.
	var event watch.Event
	var created *example.Pod
	for _, name := range []string{"first", "p"} {
		created = &example.Pod{}
		pod := &example.Pod{ObjectMeta: metav1.ObjectMeta{Name: name, Namespace: "ns", Labels: map[string]string{"a": "1"}}}
		if err := s.Create(ctx, "/pods/ns/"+name, pod, created, 0); err != nil {
			t.Fatal(err)
		}
		select {
		case event = <-w.ResultChan():
		case <-time.After(10 * time.Second):
			t.Fatal("no watch event")
		}
	}
	got, ok := event.Object.(*example.Pod)
	if !ok || got.Labels["a"] != "1" || got.ResourceVersion != created.ResourceVersion {
		t.Fatalf("event %v %#v, want the created pod at %s", event.Type, event.Object, created.ResourceVersion)
	}
	got.Labels["a"] = "changed by a watcher"
	created.Labels["a"] = "changed by the writer"
	read := &example.Pod{}
	if err := s.Get(ctx, "/pods/ns/p", storage.GetOptions{}, read); err != nil {
		t.Fatal(err)
	}
	if read.Labels["a"] != "1" {
		t.Errorf("a read after the watcher changed its copy sees label %q, want 1", read.Labels["a"])
	}
}
