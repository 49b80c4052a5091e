package compat

import "bytes"

// unreadFile reports whether a Go file holds nothing a snapshot reads, so
// that the load leaves it out unparsed: no type or constant declaration
// (kinds, fields, enum values, +default=ref constants), no package markers
// above its package clause, and no mention of the methods that change a
// schema or a conversion path. Function bodies and variables never reach a
// schema. In k8s.io/api that is the protobuf marshalers, deepcopy functions
// and swagger docs: more than half of its source, and most of a load. Any
// line that starts, after white space, with "type" or "const" keeps the
// file, wherever it stands.
func unreadFile(src []byte) bool {
	header, _, ok := bytes.Cut(src, []byte("\npackage "))
	if !ok || bytes.Contains(header, []byte("+")) {
		return false // package markers, or no package clause at a line start
	}
	for _, name := range keptMethods {
		if bytes.Contains(src, name) {
			return false
		}
	}
	return !declares(src, "type") && !declares(src, "const")
}

// declares reports whether a line of src begins, after white space, with
// the keyword and then white space or a parenthesis.
func declares(src []byte, keyword string) bool {
	for i := 0; ; {
		j := bytes.Index(src[i:], []byte(keyword))
		if j < 0 {
			return false
		}
		at, end := i+j, i+j+len(keyword)
		if startsLine(src, at) && end < len(src) && bytes.IndexByte([]byte(" \t\r\n("), src[end]) >= 0 {
			return true
		}
		i = end
	}
}

// startsLine: only spaces and tabs stand between the line's start and at.
func startsLine(src []byte, at int) bool {
	for at > 0 && (src[at-1] == ' ' || src[at-1] == '\t') {
		at--
	}
	return at == 0 || src[at-1] == '\n'
}

// keptMethods are the methods openapi.Expand and the snapshot look up (a
// custom JSON form, an OpenAPI definition of its own, controller-runtime's
// conversion interfaces): a file that names one is read. OpenAPIModelName
// (k8s.io/api's zz_generated.model_name.go, a function per type) only
// names a definition, which an expanded schema does not show.
var keptMethods = [][]byte{
	[]byte("MarshalJSON"), []byte("UnmarshalJSON"),
	[]byte("OpenAPIDefinition"), []byte("OpenAPIV3Definition"), []byte("OpenAPISchemaType"), []byte("OpenAPISchemaFormat"), []byte("OpenAPIV3OneOfTypes"),
	[]byte("Hub("), []byte("ConvertTo"), []byte("ConvertFrom"),
}
