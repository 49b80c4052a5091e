package flows

import (
	"context"
	"fmt"
	"net/http"
	"time"
)

// CyclesPerSecond runs create → add finalizer → delete → remove finalizer
// on r, one cycle after the other, for about d, and returns the rate: the
// benchmark of the API-server issue, the same on every server.
func CyclesPerSecond(ctx context.Context, c *Client, r Resource, ns string, d time.Duration) (float64, error) {
	start := time.Now()
	n := 0
	for ; time.Since(start) < d; n++ {
		if err := c.cycle(ctx, r, ns, fmt.Sprintf("bench-%d", n)); err != nil {
			return 0, fmt.Errorf("cycle %d: %w", n, err)
		}
	}
	return float64(n) / time.Since(start).Seconds(), nil
}

func (c *Client) cycle(ctx context.Context, r Resource, ns, name string) error {
	obj, err := r.NewObject(map[string]any{"name": name})
	if err != nil {
		return err
	}
	path := r.CollectionPath(ns) + "/" + name
	for _, req := range []struct {
		method, path, contentType, body string
		code                            int
	}{
		{"POST", r.CollectionPath(ns), "application/json", string(obj), http.StatusCreated},
		{"PATCH", path, "application/merge-patch+json", `{"metadata":{"finalizers":["example.com/x"]}}`, http.StatusOK},
		{"DELETE", path, "", "", http.StatusOK},
		{"PATCH", path, "application/merge-patch+json", `{"metadata":{"finalizers":null}}`, http.StatusOK},
	} {
		var body []byte
		if req.body != "" {
			body = []byte(req.body)
		}
		resp, raw, err := c.Do(ctx, req.method, req.path, "", req.contentType, body)
		if err != nil {
			return err
		}
		if resp.StatusCode != req.code {
			return fmt.Errorf("%s %s: HTTP %d, want %d: %.300s", req.method, req.path, resp.StatusCode, req.code, raw)
		}
	}
	return nil
}
