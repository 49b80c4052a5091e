package compat

import "bytes"

// unreadFile reports whether a Go file holds nothing a snapshot reads, so
// that the load leaves it out unparsed: no type or constant at the top
// level (kinds, fields, enum values, +default=ref constants), no package
// markers above its package clause, and no mention of the methods that
// change a schema or a conversion path. Function bodies and variables never
// reach a schema. In k8s.io/api that is the protobuf marshalers, deepcopy
// functions and swagger docs: more than half of its source, and most of a
// load. The test reads lines as gofmt writes them; a declaration it misses
// in a file laid out otherwise fails the type check loudly, never silently.
func unreadFile(src []byte) bool {
	header, _, ok := bytes.Cut(src, []byte("\npackage "))
	if !ok || bytes.Contains(header, []byte("+")) {
		return false // package markers, or no package clause at a line start
	}
	for _, keep := range keptDeclarations {
		if bytes.Contains(src, keep) {
			return false
		}
	}
	return true
}

// keptDeclarations are what keeps a file in a compat load: top-level type
// and constant declarations, and the names of the methods openapi.Expand
// and the snapshot look up (a custom JSON form, an OpenAPI definition of
// its own, controller-runtime's conversion interfaces).
var keptDeclarations = [][]byte{
	[]byte("\ntype "), []byte("\ntype("), []byte("\nconst "), []byte("\nconst("),
	[]byte("MarshalJSON"), []byte("UnmarshalJSON"), []byte("OpenAPI"),
	[]byte("Hub("), []byte("ConvertTo"), []byte("ConvertFrom"),
}
