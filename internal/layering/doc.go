// Package layering holds the test of ARCHITECTURE.md's import rules: what
// each layer of the module may link (the run-time library and the server
// never link the generators; nothing below the command line imports it).
package layering
