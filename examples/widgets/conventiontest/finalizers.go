package conventiontest

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"sort"
	"strings"
	"sync"
	"testing"

	apierrors "k8s.io/apimachinery/pkg/api/errors"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/types"

	"github.com/metagen-dev/metagen/schema/lifecycle"
)

func testAddIdempotent(t *testing.T, e *env) {
	c, _ := e.widgets(t)
	ctx := context.Background()
	create(t, c, "add-idempotent", finalizerB)
	first, err := c.AddFinalizer(ctx, "add-idempotent", finalizerA)
	if err != nil {
		t.Fatal(err)
	}
	second, err := c.AddFinalizer(ctx, "add-idempotent", finalizerA)
	if err != nil {
		t.Fatal(err)
	}
	if want := []string{finalizerB, finalizerA}; !slices.Equal(second.Finalizers, want) {
		t.Errorf("finalizers %q, want %q", second.Finalizers, want)
	}
	if first.ResourceVersion != second.ResourceVersion {
		t.Errorf("the second add wrote (resourceVersion %s → %s)", first.ResourceVersion, second.ResourceVersion)
	}
}

// An unqualified name is refused by the client with the message the server
// would give, and no request is sent.
func testAddRefusesUnqualified(t *testing.T, e *env) {
	c, requests := e.widgets(t)
	create(t, c, "add-unqualified")
	before := requests.total()
	_, err := c.AddFinalizer(context.Background(), "add-unqualified", "cleanup")
	var invalid *lifecycle.InvalidFinalizerError
	if !errors.As(err, &invalid) {
		t.Fatalf("got %v, want *lifecycle.InvalidFinalizerError", err)
	}
	const want = `metadata.finalizers: Invalid value: "cleanup": name is neither a standard finalizer name nor is it fully qualified`
	if !strings.Contains(err.Error(), want) {
		t.Errorf("error %q does not contain the server's message %q", err, want)
	}
	if sent := requests.total() - before; sent != 0 {
		t.Errorf("%d requests sent for an invalid name, want 0", sent)
	}
}

// The server forbids new finalizers on a terminating object (422); the
// client refuses before sending the patch, with a typed error.
func testAddRefusesTerminating(t *testing.T, e *env) {
	c, requests := e.widgets(t)
	ctx := context.Background()
	create(t, c, "add-terminating", finalizerB)
	if _, err := c.DeleteWithOutcome(ctx, "add-terminating", metav1.DeleteOptions{}); err != nil {
		t.Fatal(err)
	}
	patches := requests.count("PATCH")
	_, err := c.AddFinalizer(ctx, "add-terminating", finalizerA)
	var terminating *lifecycle.TerminatingError
	if !errors.As(err, &terminating) {
		t.Fatalf("got %v, want *lifecycle.TerminatingError", err)
	}
	if n := requests.count("PATCH") - patches; n != 0 {
		t.Errorf("%d patches sent to a terminating object, want 0", n)
	}
	// The premise: the server itself answers 422 Forbidden.
	patch := fmt.Sprintf(`{"metadata":{"finalizers":[%q,%q]}}`, finalizerB, finalizerA)
	_, err = c.Patch(ctx, "add-terminating", types.MergePatchType, []byte(patch), metav1.PatchOptions{})
	if !apierrors.IsInvalid(err) || !strings.Contains(err.Error(), "no new finalizers can be added if the object is being deleted") {
		t.Errorf("server answer to a new finalizer while terminating: %v, want 422 Forbidden", err)
	}
}

// writers is how many goroutines race on one object.
const writers = 20

// Twenty writers each add, then remove, their own finalizer on one object.
// Every add is seen by all (no lost update), and at the end exactly the
// finalizer nobody touched is left.
func testConcurrentWriters(t *testing.T, e *env) {
	c, requests := e.widgets(t)
	ctx := context.Background()
	const name = "concurrent"
	create(t, c, name, finalizerB)
	mine := func(i int) string { return fmt.Sprintf("example.com/writer-%02d", i) }

	// Round one: every writer adds at once; then all twenty are there.
	each(t, func(i int) error {
		_, err := c.AddFinalizer(ctx, name, mine(i))
		return err
	})
	want := []string{finalizerB}
	for i := range writers {
		want = append(want, mine(i))
	}
	if got := sorted(get(t, c, name).Finalizers); !slices.Equal(got, sorted(want)) {
		t.Fatalf("after concurrent adds: %q, want %q", got, sorted(want))
	}
	// Round two: every writer removes its own while the others do.
	each(t, func(i int) error {
		_, gone, err := c.RemoveFinalizer(ctx, name, mine(i))
		if gone {
			return errors.New("reported gone, but the object is not terminating")
		}
		return err
	})
	// Round three, interleaved: each adds, then at once removes, its own.
	each(t, func(i int) error {
		if _, err := c.AddFinalizer(ctx, name, mine(i)); err != nil {
			return err
		}
		_, _, err := c.RemoveFinalizer(ctx, name, mine(i))
		return err
	})
	if got := get(t, c, name).Finalizers; !slices.Equal(got, []string{finalizerB}) {
		t.Fatalf("after concurrent removes: %q, want only %q", got, finalizerB)
	}
	t.Logf("%d writers × 4 writes: %d PATCH requests (%d conflicts retried)",
		writers, requests.count("PATCH"), requests.count("PATCH")-4*writers)
}

// each runs f for every writer at once and fails on any error.
func each(t *testing.T, f func(i int) error) {
	t.Helper()
	var wg sync.WaitGroup
	errs := make([]error, writers)
	start := make(chan struct{})
	for i := range writers {
		wg.Go(func() {
			<-start
			errs[i] = f(i)
		})
	}
	close(start)
	wg.Wait()
	if err := errors.Join(errs...); err != nil {
		t.Fatal(err)
	}
}

func sorted(items []string) []string {
	out := slices.Clone(items)
	sort.Strings(out)
	return out
}

// Removing the last finalizer of a terminating object deletes it; the
// server answers 200 with the object, and RemoveFinalizer says gone.
func testRemoveReportsGone(t *testing.T, e *env) {
	c, _ := e.widgets(t)
	ctx := context.Background()
	const name = "remove-gone"
	create(t, c, name, finalizerA, finalizerB)
	outcome, err := c.DeleteWithOutcome(ctx, name, metav1.DeleteOptions{})
	if err != nil || outcome.Result != lifecycle.Terminating {
		t.Fatalf("delete: %v, %v", outcome, err)
	}
	if _, gone, err := c.RemoveFinalizer(ctx, name, finalizerA); err != nil || gone {
		t.Fatalf("removing %s: gone %v, %v; want kept", finalizerA, gone, err)
	}
	last, gone, err := c.RemoveFinalizer(ctx, name, finalizerB)
	if err != nil || !gone {
		t.Fatalf("removing the last finalizer: gone %v, %v; want gone", gone, err)
	}
	if last.DeletionTimestamp == nil {
		t.Error("the answer should be the object as submitted, still with its deletionTimestamp")
	}
	expectGone(t, c, name)
	if _, gone, err := c.RemoveFinalizer(ctx, name, finalizerB); err != nil || !gone {
		t.Errorf("removing from a missing object: gone %v, %v; want gone", gone, err)
	}
}
