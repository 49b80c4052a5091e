package conformance

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"strings"
	"time"

	utilnet "k8s.io/apimachinery/pkg/util/net"
	"k8s.io/client-go/rest"
)

// response is a decoded answer.
type response struct {
	code     int
	raw      []byte
	object   map[string]any
	warnings []string
}

// client sends raw requests with the transport (and credentials) of a
// rest.Config.
type client struct {
	http      *http.Client
	host      string
	target    Target
	namespace string
	ownsNS    bool
}

func newClient(cfg *rest.Config, target Target) (*client, error) {
	httpClient, err := rest.HTTPClientFor(cfg)
	if err != nil {
		return nil, err
	}
	namespace := target.Namespace
	if namespace == "" {
		namespace = fmt.Sprintf("conformance-%d", time.Now().UnixNano()%1_000_000_000)
	}
	return &client{http: httpClient, host: strings.TrimSuffix(cfg.Host, "/"), target: target, namespace: namespace}, nil
}

// path is the URL path of an object (or the collection when name is empty).
func (c *client) path(name, subresource string) string {
	p := c.pathIn(c.namespace, name)
	if subresource != "" {
		p += "/" + subresource
	}
	return p
}

// pathIn is the URL path of an object of the target's resource in namespace
// ns (or the collection when name is empty).
func (c *client) pathIn(ns, name string) string {
	p := fmt.Sprintf("/apis/%s/%s/namespaces/%s/%s", c.target.Group, c.target.Version, ns, c.target.Resource)
	if name != "" {
		p += "/" + name
	}
	return p
}

func (c *client) do(ctx context.Context, method, path, query string, body []byte, contentType string) (*response, error) {
	url := c.host + path
	if query != "" {
		url += "?" + query
	}
	req, err := http.NewRequestWithContext(ctx, method, url, bytes.NewReader(body))
	if err != nil {
		return nil, err
	}
	if body != nil {
		req.Header.Set("Content-Type", contentType)
	}
	req.Header.Set("Accept", "application/json")
	resp, err := c.http.Do(req)
	if err != nil {
		return nil, err
	}
	defer resp.Body.Close()
	raw, err := io.ReadAll(resp.Body)
	if err != nil {
		return nil, err
	}
	out := &response{code: resp.StatusCode, raw: raw, warnings: warningTexts(resp.Header.Values("Warning"))}
	_ = json.Unmarshal(raw, &out.object)
	return out, nil
}

// warningTexts extracts the texts of RFC 7234 Warning headers (299 - "text").
func warningTexts(headers []string) []string {
	parsed, _ := utilnet.ParseWarningHeaders(headers)
	texts := make([]string, 0, len(parsed))
	for _, w := range parsed {
		texts = append(texts, w.Text)
	}
	return texts
}

// setUpNamespace creates the namespace when the server serves namespaces (a
// real kube-apiserver refuses objects in missing namespaces).
func (c *client) setUpNamespace(ctx context.Context) error {
	body := fmt.Sprintf(`{"apiVersion":"v1","kind":"Namespace","metadata":{"name":%q}}`, c.namespace)
	resp, err := c.do(ctx, http.MethodPost, "/api/v1/namespaces", "", []byte(body), "application/json")
	if err != nil {
		return err
	}
	switch resp.code {
	case http.StatusCreated:
		c.ownsNS = true
		return nil
	case http.StatusNotFound, http.StatusConflict:
		return nil
	}
	return fmt.Errorf("creating namespace %s: %d %s", c.namespace, resp.code, resp.raw)
}

func (c *client) tearDownNamespace(ctx context.Context) {
	if c.ownsNS {
		_, _ = c.do(ctx, http.MethodDelete, "/api/v1/namespaces/"+c.namespace, "", nil, "")
	}
}
