package lifecycle

import (
	"context"
	"encoding/json"
	"errors"
	"slices"
	"strconv"
	"sync"
	"testing"
	"time"

	jsonpatch "gopkg.in/evanphx/json-patch.v4"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime/schema"
	"k8s.io/apimachinery/pkg/types"
)

// memClient is a one-object server with the rules that matter here:
// optimistic concurrency on resourceVersion for merge patches, and deletion
// when a terminating object loses its last finalizer. Its before hook runs
// ahead of every patch, to play a concurrent writer.
type memClient struct {
	mu      sync.Mutex
	obj     *metav1.PartialObjectMetadata // nil when gone
	rv      int
	patches int
	before  func(m *memClient)
}

var testResource = schema.GroupResource{Group: "example.com", Resource: "things"}

func newMemClient(finalizers ...string) *memClient {
	m := &memClient{obj: &metav1.PartialObjectMetadata{ObjectMeta: metav1.ObjectMeta{
		Name: "o1", UID: "uid-1", Finalizers: finalizers,
	}}}
	m.bump()
	return m
}

func (m *memClient) bump() {
	m.rv++
	m.obj.ResourceVersion = strconv.Itoa(m.rv)
}

func (m *memClient) Get(_ context.Context, name string, _ metav1.GetOptions) (*metav1.PartialObjectMetadata, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	if m.obj == nil || name != m.obj.Name {
		return nil, apierrors.NewNotFound(testResource, name)
	}
	return m.obj.DeepCopy(), nil
}

func (m *memClient) Patch(_ context.Context, name string, pt types.PatchType, data []byte, _ metav1.PatchOptions, _ ...string) (*metav1.PartialObjectMetadata, error) {
	if m.before != nil {
		m.before(m)
	}
	m.mu.Lock()
	defer m.mu.Unlock()
	m.patches++
	if pt != types.MergePatchType {
		return nil, errors.New("want a merge patch")
	}
	if m.obj == nil {
		return nil, apierrors.NewNotFound(testResource, name)
	}
	old, _ := json.Marshal(m.obj)
	patched, err := jsonpatch.MergePatch(old, data)
	if err != nil {
		return nil, err
	}
	next := &metav1.PartialObjectMetadata{}
	if err := json.Unmarshal(patched, next); err != nil {
		return nil, err
	}
	if next.ResourceVersion != m.obj.ResourceVersion {
		return nil, apierrors.NewConflict(testResource, name, errors.New("the object has been modified"))
	}
	if IsTerminating(m.obj) {
		for _, f := range next.Finalizers {
			if !HasFinalizer(m.obj, f) {
				return nil, apierrors.NewForbidden(testResource, name, errors.New("no new finalizers"))
			}
		}
		if len(next.Finalizers) == 0 {
			m.obj = nil
			return next, nil // the server answers with the submitted object
		}
	}
	m.obj = next
	m.bump()
	return m.obj.DeepCopy(), nil
}

// setFinalizers plays another writer.
func (m *memClient) setFinalizers(finalizers ...string) {
	m.mu.Lock()
	defer m.mu.Unlock()
	m.obj.Finalizers = finalizers
	m.bump()
}

func (m *memClient) terminate() {
	m.mu.Lock()
	defer m.mu.Unlock()
	now := metav1.Now()
	zero := int64(0)
	m.obj.DeletionTimestamp, m.obj.DeletionGracePeriodSeconds = &now, &zero
	m.bump()
}

var fastRetry = WithRetry(Retry{Attempts: 5, Initial: time.Millisecond, Max: 2 * time.Millisecond})

func TestAddFinalizerIsIdempotent(t *testing.T) {
	ctx := context.Background()
	m := newMemClient("other.io/keep")
	for range 2 {
		got, err := AddFinalizer(ctx, m, "o1", "example.com/a")
		if err != nil {
			t.Fatal(err)
		}
		if want := []string{"other.io/keep", "example.com/a"}; !slices.Equal(got.Finalizers, want) {
			t.Fatalf("finalizers %q, want %q", got.Finalizers, want)
		}
	}
	if m.patches != 1 {
		t.Errorf("%d patches, want 1: the second add must not write", m.patches)
	}
}

func TestAddFinalizerRefusesBeforeSending(t *testing.T) {
	m := newMemClient()
	for _, name := range []string{"x", "example.com", "example.com/-x", ""} {
		_, err := AddFinalizer(context.Background(), m, "o1", name)
		var invalid *InvalidFinalizerError
		if !errors.As(err, &invalid) {
			t.Errorf("AddFinalizer(%q) = %v, want an *InvalidFinalizerError", name, err)
		}
	}
	// orphan next to foregroundDeletion is refused as the server refuses it.
	m.setFinalizers(metav1.FinalizerDeleteDependents)
	_, err := AddFinalizer(context.Background(), m, "o1", metav1.FinalizerOrphanDependents)
	var invalid *InvalidFinalizerError
	if !errors.As(err, &invalid) {
		t.Errorf("orphan with foregroundDeletion: %v, want an *InvalidFinalizerError", err)
	}
	if m.patches != 0 {
		t.Errorf("%d patches sent for invalid names", m.patches)
	}
}

func TestAddFinalizerRefusesTerminating(t *testing.T) {
	m := newMemClient("other.io/keep")
	m.terminate()
	_, err := AddFinalizer(context.Background(), m, "o1", "example.com/a")
	var terminating *TerminatingError
	if !errors.As(err, &terminating) || terminating.Finalizer != "example.com/a" {
		t.Fatalf("got %v, want a *TerminatingError", err)
	}
	// Already there: nothing to add, so no error.
	if _, err := AddFinalizer(context.Background(), m, "o1", "other.io/keep"); err != nil {
		t.Errorf("adding a finalizer that is there: %v", err)
	}
}

// A writer that changes the list between our read and our patch makes the
// patch conflict; the retry keeps its finalizer.
func TestAddFinalizerKeepsConcurrentWriters(t *testing.T) {
	m := newMemClient()
	interfered := false
	m.before = func(m *memClient) {
		if !interfered {
			interfered = true
			m.setFinalizers("other.io/racer")
		}
	}
	got, err := AddFinalizer(context.Background(), m, "o1", "example.com/a", fastRetry)
	if err != nil {
		t.Fatal(err)
	}
	if want := []string{"other.io/racer", "example.com/a"}; !slices.Equal(got.Finalizers, want) {
		t.Errorf("finalizers %q, want %q", got.Finalizers, want)
	}
	if m.patches != 2 {
		t.Errorf("%d patches, want 2 (one conflict, one success)", m.patches)
	}
}

func TestRetriesAreBounded(t *testing.T) {
	m := newMemClient()
	m.before = func(m *memClient) { m.setFinalizers("other.io/racer") } // always interferes
	_, err := AddFinalizer(context.Background(), m, "o1", "example.com/a", fastRetry)
	if !apierrors.IsConflict(err) {
		t.Fatalf("got %v, want a conflict after the retries", err)
	}
	if m.patches != 5 {
		t.Errorf("%d patches, want 5", m.patches)
	}
}

func TestRetryStopsWithContext(t *testing.T) {
	m := newMemClient()
	m.before = func(m *memClient) { m.setFinalizers("other.io/racer") }
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Millisecond)
	defer cancel()
	slow := WithRetry(Retry{Attempts: 1000, Initial: 5 * time.Millisecond, Max: 5 * time.Millisecond})
	_, err := AddFinalizer(ctx, m, "o1", "example.com/a", slow)
	if !errors.Is(err, context.DeadlineExceeded) {
		t.Fatalf("got %v, want the context's error", err)
	}
}

func TestRemoveFinalizer(t *testing.T) {
	ctx := context.Background()
	m := newMemClient("example.com/a", "other.io/keep", "example.com/a")
	got, gone, err := RemoveFinalizer(ctx, m, "o1", "example.com/a")
	if err != nil || gone {
		t.Fatalf("RemoveFinalizer = %v, gone %v", err, gone)
	}
	if want := []string{"other.io/keep"}; !slices.Equal(got.Finalizers, want) {
		t.Errorf("finalizers %q, want %q", got.Finalizers, want)
	}
	// Absent: no write, not gone.
	before := m.patches
	if _, gone, err := RemoveFinalizer(ctx, m, "o1", "example.com/a"); err != nil || gone || m.patches != before {
		t.Errorf("removing an absent finalizer: err %v, gone %v, %d patches", err, gone, m.patches-before)
	}
}

func TestRemoveLastFinalizerReportsGone(t *testing.T) {
	ctx := context.Background()
	m := newMemClient("example.com/a", "other.io/b")
	m.terminate()
	if _, gone, err := RemoveFinalizer(ctx, m, "o1", "example.com/a"); err != nil || gone {
		t.Fatalf("first removal: err %v, gone %v; want kept", err, gone)
	}
	got, gone, err := RemoveFinalizer(ctx, m, "o1", "other.io/b")
	if err != nil || !gone {
		t.Fatalf("last removal: err %v, gone %v; want gone", err, gone)
	}
	if !IsTerminating(got) {
		t.Error("the answer should be the submitted object, still terminating")
	}
	if _, gone, err := RemoveFinalizer(ctx, m, "o1", "other.io/b"); err != nil || !gone {
		t.Errorf("after deletion: err %v, gone %v; want gone", err, gone)
	}
}

// An object not terminating keeps existing without finalizers.
func TestRemoveLastFinalizerOfLiveObject(t *testing.T) {
	m := newMemClient("example.com/a")
	got, gone, err := RemoveFinalizer(context.Background(), m, "o1", "example.com/a")
	if err != nil || gone || len(got.Finalizers) != 0 {
		t.Fatalf("err %v, gone %v, finalizers %q", err, gone, got.Finalizers)
	}
}
