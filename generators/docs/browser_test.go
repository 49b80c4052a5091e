package docs_test

import (
	"bytes"
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"golang.org/x/net/html"
)

const browserEnv = "METAGEN_DOCS_BROWSER"

// TestHTMLInBrowser renders each checked-in reference.html (the examples'
// and the golden cases') in headless Chromium (Debian's chromium package),
// reads the DOM the browser built (--dump-dom) and checks that every
// internal link (#id) leads to an element with that id, that the sidebar
// and the sections are there, and takes a screenshot into
// $METAGEN_DOCS_ARTIFACTS (default: metagen-docs under the temporary
// directory), which CI keeps. Set METAGEN_DOCS_BROWSER=1 to run it. The
// browser opens the file only: no network.
func TestHTMLInBrowser(t *testing.T) {
	if os.Getenv(browserEnv) != "1" {
		t.Skipf("set %s=1 to render the HTML reference in headless Chromium", browserEnv)
	}
	chromium, err := exec.LookPath("chromium")
	if err != nil {
		t.Fatalf("chromium: %v (apt-get install -y chromium)", err)
	}
	artifacts := os.Getenv("METAGEN_DOCS_ARTIFACTS")
	if artifacts == "" {
		artifacts = filepath.Join(os.TempDir(), "metagen-docs")
	}
	if err := os.MkdirAll(artifacts, 0o755); err != nil {
		t.Fatal(err)
	}
	for _, dir := range referenceDirs(t) {
		page, err := filepath.Abs(filepath.Join(dir, "reference.html"))
		if err != nil {
			t.Fatal(err)
		}
		name := strings.ReplaceAll(strings.TrimPrefix(filepath.ToSlash(dir), "testdata/"), "/", "_")
		if strings.HasPrefix(dir, "/") {
			name = "examples_widgets"
		}
		dom := runChromium(t, chromium, "--dump-dom", "file://"+page)
		doc, err := html.Parse(bytes.NewReader(dom))
		if err != nil {
			t.Fatal(err)
		}
		ids := map[string]bool{}
		walk(doc, func(n *html.Node) {
			if id := attr(n, "id"); id != "" {
				if ids[id] {
					t.Errorf("%s: id %q is used twice", page, id)
				}
				ids[id] = true
			}
		})
		links := 0
		walk(doc, func(n *html.Node) {
			if href := attr(n, "href"); n.Data == "a" && strings.HasPrefix(href, "#") {
				links++
				if !ids[strings.TrimPrefix(href, "#")] {
					t.Errorf("%s: link %s leads to no element", page, href)
				}
			}
		})
		if countElements(doc, "nav") != 1 || countElements(doc, "section") == 0 || countElements(doc, "table") == 0 || links == 0 {
			t.Errorf("%s: the browser's DOM has %d nav, %d sections, %d tables, %d links", page, countElements(doc, "nav"), countElements(doc, "section"), countElements(doc, "table"), links)
		}
		shot := filepath.Join(artifacts, name+".png")
		os.Remove(shot)
		runChromium(t, chromium, "--screenshot="+shot, "--window-size=1400,1800", "file://"+page)
		png, err := os.ReadFile(shot)
		if err != nil || !bytes.HasPrefix(png, []byte("\x89PNG\r\n\x1a\n")) || len(png) < 10_000 {
			t.Errorf("%s: no screenshot at %s (%d bytes, %v)", page, shot, len(png), err)
		}
		t.Logf("%s: %d ids, %d internal links resolved; screenshot %s (%d bytes)", page, len(ids), links, shot, len(png))
	}
}

// runChromium runs headless Chromium with a fresh profile, without any
// background networking, and returns its standard output.
func runChromium(t *testing.T, chromium string, args ...string) []byte {
	t.Helper()
	ctx, cancel := context.WithTimeout(t.Context(), 2*time.Minute)
	defer cancel()
	base := []string{"--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update",
		"--disable-sync", "--no-first-run", "--user-data-dir=" + t.TempDir()}
	cmd := exec.CommandContext(ctx, chromium, append(base, args...)...)
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := cmd.Run(); err != nil {
		t.Fatalf("chromium %s: %v\n%s", strings.Join(args, " "), err, stderr.Bytes())
	}
	return stdout.Bytes()
}
