//go:build metagen_noserve

package cli

import (
	"fmt"
	"io"
)

// serve is absent from a metagen built with the metagen_noserve tag: such a
// build links no API server, so it can regenerate packages the server itself
// imports (schema/certificates/v1) even while they do not compile.
func serve(_ []string, _, stderr io.Writer) int {
	fmt.Fprintln(stderr, "metagen serve: this metagen was built with the metagen_noserve tag, without the API server")
	return exitError
}
