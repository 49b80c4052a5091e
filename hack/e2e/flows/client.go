package flows

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"strings"
	"time"

	"k8s.io/client-go/rest"
)

// Client sends raw HTTP requests to one server. The flows use raw HTTP
// rather than client-go's typed clients so that they see status codes,
// Status bodies and Warning headers exactly as the server wrote them.
type Client struct {
	http *http.Client
	base string
}

// NewClient returns a Client for the server and credentials in cfg.
func NewClient(cfg *rest.Config) (*Client, error) {
	hc, err := rest.HTTPClientFor(cfg)
	if err != nil {
		return nil, err
	}
	u, _, err := rest.DefaultServerUrlFor(cfg)
	if err != nil {
		return nil, err
	}
	return &Client{http: hc, base: strings.TrimSuffix(u.String(), "/")}, nil
}

// Do sends one request and reads the whole answer.
func (c *Client) Do(ctx context.Context, method, path, query, contentType string, body []byte) (*http.Response, []byte, error) {
	target := c.base + path
	if query != "" {
		target += "?" + query
	}
	var reader io.Reader
	if body != nil {
		reader = bytes.NewReader(body)
	}
	req, err := http.NewRequestWithContext(ctx, method, target, reader)
	if err != nil {
		return nil, nil, err
	}
	req.Header.Set("Accept", "application/json")
	if contentType != "" {
		req.Header.Set("Content-Type", contentType)
	}
	resp, err := c.http.Do(req)
	if err != nil {
		return nil, nil, err
	}
	defer resp.Body.Close()
	raw, err := io.ReadAll(resp.Body)
	return resp, raw, err
}

// mustDo sends a request that setup needs and fails unless the answer is
// one of the accepted codes.
func (c *Client) mustDo(ctx context.Context, method, path, body string, accepted ...int) error {
	var b []byte
	if body != "" {
		b = []byte(body)
	}
	resp, raw, err := c.Do(ctx, method, path, "", "application/json", b)
	if err != nil {
		return err
	}
	for _, code := range accepted {
		if resp.StatusCode == code {
			return nil
		}
	}
	return fmt.Errorf("%s %s: HTTP %d: %.300s", method, path, resp.StatusCode, raw)
}

// CreateNamespace creates namespace ns (it may already exist). A server
// without the namespaces API (404) serves every namespace.
func (c *Client) CreateNamespace(ctx context.Context, ns string) error {
	body := fmt.Sprintf(`{"apiVersion":"v1","kind":"Namespace","metadata":{"name":%q}}`, ns)
	return c.mustDo(ctx, "POST", "/api/v1/namespaces", body, http.StatusCreated, http.StatusConflict, http.StatusNotFound)
}

// DeleteNamespace deletes namespace ns without waiting for it to go.
func (c *Client) DeleteNamespace(ctx context.Context, ns string) error {
	return c.mustDo(ctx, "DELETE", "/api/v1/namespaces/"+ns, "", http.StatusOK, http.StatusAccepted, http.StatusNotFound)
}

// ApplyCRD creates the CRD in crdJSON (it may already exist) and waits
// until its resource r is served.
func (c *Client) ApplyCRD(ctx context.Context, crdJSON string, r Resource, ns string) error {
	err := c.mustDo(ctx, "POST", "/apis/apiextensions.k8s.io/v1/customresourcedefinitions", crdJSON,
		http.StatusCreated, http.StatusConflict)
	if err != nil {
		return err
	}
	deadline := time.Now().Add(30 * time.Second)
	for {
		err := c.mustDo(ctx, "GET", r.CollectionPath(ns), "", http.StatusOK)
		if err == nil || time.Now().After(deadline) {
			return err
		}
		time.Sleep(200 * time.Millisecond)
	}
}

// watch lists the object by name, then watches it from the list's
// resourceVersion, so no event after the list can be missed. Each event is
// sent rendered (see eventString). The channel closes with the stream.
func (c *Client) watch(ctx context.Context, r Resource, ns, name string) (<-chan string, error) {
	selector := "fieldSelector=" + url.QueryEscape("metadata.name="+name)
	resp, raw, err := c.Do(ctx, "GET", r.CollectionPath(ns), selector, "", nil)
	if err != nil {
		return nil, err
	}
	if resp.StatusCode != http.StatusOK {
		return nil, fmt.Errorf("list: HTTP %d: %.300s", resp.StatusCode, raw)
	}
	var list wireObject
	if err := json.Unmarshal(raw, &list); err != nil {
		return nil, err
	}
	query := selector + "&watch=1&resourceVersion=" + list.Metadata.ResourceVersion
	req, err := http.NewRequestWithContext(ctx, "GET", c.base+r.CollectionPath(ns)+"?"+query, nil)
	if err != nil {
		return nil, err
	}
	req.Header.Set("Accept", "application/json")
	stream, err := c.http.Do(req)
	if err != nil {
		return nil, err
	}
	if stream.StatusCode != http.StatusOK {
		stream.Body.Close()
		return nil, fmt.Errorf("watch: HTTP %d", stream.StatusCode)
	}
	events := make(chan string, 64)
	go func() {
		defer close(events)
		defer stream.Body.Close()
		dec := json.NewDecoder(bufio.NewReader(stream.Body))
		for {
			var e struct {
				Type   string     `json:"type"`
				Object wireObject `json:"object"`
			}
			if dec.Decode(&e) != nil {
				return
			}
			select {
			case events <- eventString(e.Type, e.Object):
			case <-ctx.Done():
				return
			}
		}
	}()
	return events, nil
}

// eventString renders a watch event as the table writes it: the type, then
// "deleting" when deletionTimestamp is set, then the finalizers.
func eventString(typ string, w wireObject) string {
	s := typ
	if w.Metadata.DeletionTimestamp != nil {
		s += " deleting"
	}
	if len(w.Metadata.Finalizers) > 0 {
		s += " [" + strings.Join(w.Metadata.Finalizers, " ") + "]"
	}
	return s
}

// cleanup removes what a flow left behind: its finalizers, then the object.
func (c *Client) cleanup(ctx context.Context, r Resource, ns, name string) {
	path := r.CollectionPath(ns) + "/" + name
	c.Do(ctx, "PATCH", path, "", "application/merge-patch+json", []byte(`{"metadata":{"finalizers":null}}`))
	c.Do(ctx, "DELETE", path, "", "", nil)
}
