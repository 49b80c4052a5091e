package docs

import (
	"errors"
	"testing"
)

// TestMarkdownFuncs: code spans survive backticks, cells survive pipes,
// line breaks and angle brackets (outside code spans only), slugs are the
// headings' anchors.
func TestMarkdownFuncs(t *testing.T) {
	for _, c := range []struct{ got, want string }{
		{code("a|b"), "`a|b`"},
		{code("has `tick`"), "`` has `tick` ``"},
		{code("`"), "`` ` ``"},
		{cell("one\ntwo | three"), `one<br>two \| three`},
		{cell("a <name> and `<code>`"), "a &lt;name&gt; and `<code>`"},
		{text("# not a heading\n---\nplain"), "\\# not a heading\n\\---\nplain"},
		{slug("v1.WidgetSpec"), "v1widgetspec"},
		{slug("v1.Foo (2)"), "v1foo-2"},
		{slug("widgets.example.com"), "widgetsexamplecom"},
	} {
		if c.got != c.want {
			t.Errorf("got %q, want %q", c.got, c.want)
		}
	}
}

// TestPositioned: template errors become file:line:col errors.
func TestPositioned(t *testing.T) {
	for _, c := range []struct{ err, want string }{
		{`template: markdown.tmpl:12:5: executing "markdown.tmpl" at <.X>: can't evaluate field X`, `t/markdown.tmpl:12:5: template: executing "markdown.tmpl" at <.X>: can't evaluate field X`},
		{`template: markdown.tmpl:4: unexpected "}" in operand`, `t/markdown.tmpl:4:1: template: unexpected "}" in operand`},
		{`html/template:markdown.tmpl:7:3: no such template "x"`, `t/markdown.tmpl:7:3: template: no such template "x"`},
		{`something else`, `t/markdown.tmpl:1:1: template: something else`},
	} {
		if got := positioned(errors.New(c.err), "t/markdown.tmpl", "markdown.tmpl").Error(); got != c.want {
			t.Errorf("positioned(%q) = %q, want %q", c.err, got, c.want)
		}
	}
}
