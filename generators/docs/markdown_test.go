package docs_test

import (
	"bytes"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/extension"
	"github.com/yuin/goldmark/parser"
	"golang.org/x/net/html"

	"github.com/metagen-dev/metagen/internal/golden"
)

// referenceDirs are the checked-in references: the examples' and the
// golden cases'.
func referenceDirs(t *testing.T) []string {
	dirs := []string{filepath.Join(golden.RepoRoot(t), "examples", "widgets", "docs")}
	matches, _ := filepath.Glob(filepath.Join("testdata", "*", "want", "docs"))
	dirs = append(dirs, matches...)
	if len(dirs) < 3 {
		t.Fatalf("found only %v", dirs)
	}
	return dirs
}

// TestMarkdownRenders renders every checked-in page with goldmark
// (CommonMark, with GitHub's tables and heading ids, as GitHub, Hugo and
// MkDocs render them): every table row must land in a table, nothing may
// be left as a raw table line, and every link to a section (#anchor, or
// <page>.md#anchor) must lead to a heading of that page.
func TestMarkdownRenders(t *testing.T) {
	md := goldmark.New(goldmark.WithExtensions(extension.GFM), goldmark.WithParserOptions(parser.WithAutoHeadingID()))
	for _, dir := range referenceDirs(t) {
		pages, _ := filepath.Glob(filepath.Join(dir, "*.md"))
		rendered := map[string]*html.Node{}
		for _, page := range pages {
			src, err := os.ReadFile(page)
			if err != nil {
				t.Fatal(err)
			}
			var out bytes.Buffer
			if err := md.Convert(src, &out); err != nil {
				t.Fatalf("%s: %v", page, err)
			}
			doc, err := html.Parse(&out)
			if err != nil {
				t.Fatal(err)
			}
			rendered[filepath.Base(page)] = doc
			separators := regexp.MustCompile(`(?m)^\|( --- \|)+$`).FindAll(src, -1)
			tables := countElements(doc, "table")
			if tables != len(separators) || tables == 0 {
				t.Errorf("%s: %d tables rendered for %d in the source", page, tables, len(separators))
			}
			walk(doc, func(n *html.Node) {
				if n.Type == html.TextNode && strings.HasPrefix(strings.TrimSpace(n.Data), "| ") {
					t.Errorf("%s: a table line was not rendered as a table: %q", page, n.Data)
				}
			})
		}
		links := 0
		for name, doc := range rendered {
			walk(doc, func(n *html.Node) {
				href := attr(n, "href")
				if n.Data != "a" || href == "" || strings.HasPrefix(href, "https://") || !strings.Contains(href, "#") {
					return
				}
				file, anchor, _ := strings.Cut(href, "#")
				if file == "" {
					file = name
				}
				target, ok := rendered[file]
				if !ok {
					t.Errorf("%s/%s: link %s leads to a page that was not generated", dir, name, href)
					return
				}
				links++
				if !hasID(target, anchor) {
					t.Errorf("%s/%s: link %s leads to no heading", dir, name, href)
				}
			})
		}
		if links == 0 {
			t.Errorf("%s: no links checked", dir)
		}
		t.Logf("%s: %d pages, %d links resolved", dir, len(rendered), links)
	}
}

func walk(n *html.Node, f func(*html.Node)) {
	f(n)
	for c := n.FirstChild; c != nil; c = c.NextSibling {
		walk(c, f)
	}
}

func attr(n *html.Node, name string) string {
	if n.Type != html.ElementNode {
		return ""
	}
	for _, a := range n.Attr {
		if a.Key == name {
			return a.Val
		}
	}
	return ""
}

func countElements(doc *html.Node, tag string) int {
	n := 0
	walk(doc, func(e *html.Node) {
		if e.Type == html.ElementNode && e.Data == tag {
			n++
		}
	})
	return n
}

func hasID(doc *html.Node, id string) bool {
	found := false
	walk(doc, func(n *html.Node) {
		if attr(n, "id") == id {
			found = true
		}
	})
	return found
}
