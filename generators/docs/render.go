package docs

import (
	"bytes"
	"fmt"
	"go/token"
	htmltemplate "html/template"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	texttemplate "text/template"

	"github.com/metagen-dev/metagen/generators/diag"
	"github.com/metagen-dev/metagen/templates"
)

// The templates' file names, in templates/ and in a user's directory.
const (
	MarkdownTemplate = "markdown.tmpl"
	HTMLTemplate     = "html.tmpl"
)

// templateSet is a directory's parsed templates and the files they came
// from (for positions).
type templateSet struct {
	md       *texttemplate.Template
	page     *htmltemplate.Template
	mdFile   string
	htmlFile string
}

// loadTemplates parses the defaults, replaced by the files of dir ("" for
// none) that exist. A template that does not parse is an error at its
// file:line:col.
func loadTemplates(dir string) (*templateSet, error) {
	set := &templateSet{}
	mdText, mdFile, err := templateText(dir, MarkdownTemplate)
	if err != nil {
		return nil, err
	}
	htmlText, htmlFile, err := templateText(dir, HTMLTemplate)
	if err != nil {
		return nil, err
	}
	set.mdFile, set.htmlFile = mdFile, htmlFile
	var errs []error
	set.md, err = texttemplate.New(MarkdownTemplate).Funcs(MarkdownFuncs).Parse(mdText)
	if err != nil {
		errs = append(errs, positioned(err, mdFile, MarkdownTemplate))
	}
	set.page, err = htmltemplate.New(HTMLTemplate).Funcs(HTMLFuncs).Parse(htmlText)
	if err != nil {
		errs = append(errs, positioned(err, htmlFile, HTMLTemplate))
	}
	if len(errs) > 0 {
		return nil, joinErrs(errs)
	}
	return set, nil
}

func joinErrs(errs []error) error {
	if len(errs) == 1 {
		return errs[0]
	}
	return fmt.Errorf("%w\n%w", errs[0], errs[1])
}

// templateText is dir/name when it exists, else the embedded default
// (named templates/<name>, where it lives in metagen's repository).
func templateText(dir, name string) (string, string, error) {
	if dir != "" {
		path := filepath.Join(dir, name)
		data, err := os.ReadFile(path)
		if err == nil {
			return string(data), path, nil
		}
		if !os.IsNotExist(err) {
			return "", "", err
		}
		if _, err := os.Stat(dir); err != nil {
			return "", "", fmt.Errorf("docs templates: %w", err)
		}
	}
	data, err := templates.FS.ReadFile(name)
	if err != nil {
		return "", "", err
	}
	return string(data), "templates/" + name, nil
}

// templateError matches text/template's and html/template's errors:
// "template: name:line:col: msg" (col absent for some parse errors), and
// html/template's "html/template:name:line:col: msg".
var templateError = regexp.MustCompile(`^(?:html/)?template: ?([^:]+):(\d+)(?::(\d+))?: (.*)$`)

// positioned turns a template error into one at file:line:col.
func positioned(err error, file, name string) error {
	msg := err.Error()
	m := templateError.FindStringSubmatch(strings.SplitN(msg, "\n", 2)[0])
	if m == nil || m[1] != name {
		return diag.Errorf(token.Position{Filename: file, Line: 1, Column: 1}, "template: %s", msg)
	}
	line, _ := strconv.Atoi(m[2])
	col := 1
	if m[3] != "" {
		col, _ = strconv.Atoi(m[3])
	}
	rest := m[4]
	if i := strings.Index(msg, "\n"); i >= 0 {
		rest += msg[i:]
	}
	return diag.Errorf(token.Position{Filename: file, Line: line, Column: col}, "template: %s", rest)
}

// markdown executes markdown.tmpl for one group.
func (s *templateSet) markdown(p *Page) ([]byte, error) {
	if s == nil {
		return nil, nil
	}
	var buf bytes.Buffer
	if err := s.md.Execute(&buf, p); err != nil {
		return nil, positioned(err, s.mdFile, MarkdownTemplate)
	}
	return buf.Bytes(), nil
}

// html executes html.tmpl for a directory.
func (s *templateSet) html(site *Site) ([]byte, error) {
	if s == nil {
		return nil, nil
	}
	var buf bytes.Buffer
	if err := s.page.Execute(&buf, site); err != nil {
		return nil, positioned(err, s.htmlFile, HTMLTemplate)
	}
	return buf.Bytes(), nil
}
