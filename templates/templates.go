// Package templates holds the default templates of metagen's docs
// generator (generators/docs): markdown.tmpl, executed once per API group
// with a *docs.Page, and html.tmpl, executed once per docs directory with
// a *docs.Site. A project replaces either with --docs-templates DIR or
// +metagen:docs-templates; docs/docs.md documents the data model.
package templates

import "embed"

// FS holds the default templates.
//
//go:embed *.tmpl
var FS embed.FS
