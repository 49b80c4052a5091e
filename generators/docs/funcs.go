package docs

import (
	htmltemplate "html/template"
	"strings"
)

// MarkdownFuncs are the functions markdown.tmpl may call, beside text/template's.
var MarkdownFuncs = map[string]any{
	// code is a Markdown code span of s, whatever backticks it holds.
	"code": code,
	// cell is Markdown text for a table cell: pipes escaped, line breaks as <br>,
	// < and > outside code spans as entities.
	"cell": cell,
	// text is Markdown text for a paragraph: < and > outside code spans as
	// entities, a leading # escaped.
	"text": text,
	// join joins strings.
	"join": strings.Join,
	// codeList is code of each string, joined with ", ".
	"codeList": codeList,
}

// HTMLFuncs are the functions html.tmpl may call, beside html/template's.
var HTMLFuncs = map[string]any{
	// paragraphs splits a description at blank lines.
	"paragraphs": paragraphs,
	"join":       strings.Join,
	// safeURL marks a link the model built as safe (relative or https).
	"safeURL": func(s string) htmltemplate.URL { return htmltemplate.URL(s) },
}

func code(s string) string {
	longest, run := 0, 0
	for _, r := range s {
		if r == '`' {
			run++
			longest = max(longest, run)
		} else {
			run = 0
		}
	}
	fence := strings.Repeat("`", longest+1)
	if strings.HasPrefix(s, "`") || strings.HasSuffix(s, "`") || longest > 0 {
		return fence + " " + s + " " + fence
	}
	return fence + s + fence
}

func codeList(list []string) string {
	out := make([]string, len(list))
	for i, s := range list {
		out[i] = code(s)
	}
	return strings.Join(out, ", ")
}

// outsideCode applies f to the parts of Markdown text s that are not code
// spans.
func outsideCode(s string, f func(string) string) string {
	var sb strings.Builder
	for {
		i := strings.IndexByte(s, '`')
		if i < 0 {
			sb.WriteString(f(s))
			return sb.String()
		}
		sb.WriteString(f(s[:i]))
		n := 0
		for i+n < len(s) && s[i+n] == '`' {
			n++
		}
		fence := s[i : i+n]
		end := strings.Index(s[i+n:], fence)
		if end < 0 {
			sb.WriteString(f(s[i:]))
			return sb.String()
		}
		sb.WriteString(s[i : i+n+end+n])
		s = s[i+n+end+n:]
	}
}

var entities = strings.NewReplacer("<", "&lt;", ">", "&gt;")

func cell(s string) string {
	s = strings.TrimSpace(s)
	var lines []string
	for _, line := range strings.Split(s, "\n") {
		lines = append(lines, outsideCode(line, entities.Replace))
	}
	s = strings.Join(lines, "<br>")
	return strings.ReplaceAll(s, "|", `\|`)
}

func text(s string) string {
	var lines []string
	for _, line := range strings.Split(strings.TrimSpace(s), "\n") {
		line = outsideCode(line, entities.Replace)
		if trimmed := strings.TrimLeft(line, " "); strings.HasPrefix(trimmed, "#") || strings.HasPrefix(trimmed, "=") || strings.HasPrefix(trimmed, "---") {
			line = `\` + trimmed
		}
		lines = append(lines, line)
	}
	return strings.Join(lines, "\n")
}

func paragraphs(s string) []string {
	var out []string
	for _, p := range strings.Split(strings.TrimSpace(s), "\n\n") {
		if p = strings.TrimSpace(p); p != "" {
			out = append(out, p)
		}
	}
	return out
}
