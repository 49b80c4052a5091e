package pcr

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"strconv"
	"sync"

	"github.com/metagen-dev/metagen/hack/e2e/flows"
)

// Run runs the flows of table like flows.Run, up to workers at a time, and
// returns their results in the table's order. Each flow has an object of
// its own, and most of a flow's time is spent waiting for watch events that
// must not come, so running them side by side cuts the wall time without
// changing any answer.
func Run(ctx context.Context, c *flows.Client, r flows.Resource, ns string, table []flows.Flow, workers int) []flows.Result {
	results := make([]flows.Result, len(table))
	slots := make(chan struct{}, max(workers, 1))
	var wg sync.WaitGroup
	for i, f := range table {
		wg.Add(1)
		slots <- struct{}{}
		go func() {
			defer func() { <-slots; wg.Done() }()
			results[i] = flows.Run(ctx, c, r, ns, []flows.Flow{f})[0]
		}()
	}
	wg.Wait()
	return results
}

// SkipLowRevisions creates PodCertificateRequests in ns until the server's
// resourceVersions exceed 100. The flows replace a flow's resourceVersion
// in the messages they compare by "{rv}" wherever it stands as a word, and
// a fresh in-process server's small revisions (1, 2, … 99) also stand as
// words in the RFC 3339 times of /status messages ("…T01:39:33Z"), which
// would turn a matching message into a difference by chance.
func (f *Fixture) SkipLowRevisions(ctx context.Context, c *flows.Client, ns string) error {
	r := f.Resource()
	for i := 0; ; i++ {
		body, err := r.NewObject(map[string]any{"name": fmt.Sprintf("revision-filler-%d", i), "namespace": ns})
		if err != nil {
			return err
		}
		resp, raw, err := c.Do(ctx, "POST", r.CollectionPath(ns), "", "application/json", body)
		if err != nil {
			return err
		}
		if resp.StatusCode != http.StatusCreated {
			return fmt.Errorf("creating a filler: %d %s", resp.StatusCode, raw)
		}
		var created struct {
			Metadata struct {
				ResourceVersion string `json:"resourceVersion"`
			} `json:"metadata"`
		}
		if err := json.Unmarshal(raw, &created); err != nil {
			return err
		}
		rv, err := strconv.ParseInt(created.Metadata.ResourceVersion, 10, 64)
		if err != nil {
			return fmt.Errorf("resourceVersion %q: %w", created.Metadata.ResourceVersion, err)
		}
		if rv > 100 {
			return nil
		}
	}
}
