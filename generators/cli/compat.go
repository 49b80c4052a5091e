package cli

import (
	"flag"
	"fmt"
	"io"
	"os"

	"github.com/metagen-dev/metagen/generators/compat"
)

// exitBreaking is compat's exit code for a breaking change.
const exitBreaking = 1

const compatHelp = `metagen compat [--against REF | --old DIR | --old-module PATH@VERSION] [--format text|json] [--tags T] [PATTERNS…]

Compares the API packages matched by PATTERNS (./... by default) with the same
packages at an older revision, and classifies every change by the Kubernetes
API change rules and by what kube-apiserver 1.37 does with it (validation
ratcheting on update, storage versions):

  --against REF  a git revision of the module (read with git archive into a
                 temporary directory; nothing is written into the repository)
  --old DIR      the root of a copy of the old module
  --old-module PATH@VERSION
                 a published version, through the Go module proxy (copied out
                 of the module cache into a temporary directory)

Breaking: a served version or kind removed or unserved; a field removed, its
JSON name or type changed; optional to required; a new required field without
a default; an enum value removed or an enum added; bounds tightened (maximum
lowered, minimum raised, lengths, items, properties), a pattern or format
added or changed, multipleOf; a new CEL rule without oldSelf; listType,
listMapKey, mapType or structType changed; immutability added (+k8s:immutable,
self == oldSelf, +k8s:update); a default changed or removed; nullable or
x-kubernetes-preserve-unknown-fields removed; the scope changed; the storage
version moved without a conversion path (Hub/Convertible, or equal schemas);
a printer column's JSONPath gone. Tightened validation says which existing
objects survive updates under ratcheting.

Compatible, but worth saying: new kinds, versions, optional fields, printer
columns and enum values; loosened validation; transition rules; defaults added;
deprecations; storage moves with a conversion path.

Each finding is printed at its new source line, with the old one. Exit codes:
0 compatible, 1 breaking, 2 bad input. --format json prints one document for
tools. In a test: metagentest.Compatible(t, "REF", patterns…).
`

func runCompat(args []string, stdout, stderr io.Writer) int {
	set := flag.NewFlagSet("compat", flag.ContinueOnError)
	set.SetOutput(stderr)
	set.Usage = func() { fmt.Fprint(stderr, compatHelp) }
	var opts compat.Options
	var format, tags string
	set.StringVar(&opts.Against, "against", "", "git revision to compare with")
	set.StringVar(&opts.OldDir, "old", "", "root of a copy of the old module")
	set.StringVar(&opts.OldModule, "old-module", "", "published version of the old module, PATH@VERSION")
	set.StringVar(&format, "format", "text", "output format: text or json")
	set.StringVar(&tags, "tags", "", "comma-separated build tags for loading")
	if err := set.Parse(args); err != nil {
		return exitError
	}
	if format != "text" && format != "json" {
		fmt.Fprintf(stderr, "metagen compat: --format is text or json, not %q\n", format)
		return exitError
	}
	opts.Patterns = set.Args()
	if tags != "" {
		opts.BuildFlags = []string{"-tags=" + tags}
	}
	result, err := compat.Run(opts)
	if err != nil {
		reportErrors(stderr, err)
		return exitError
	}
	cwd, _ := os.Getwd()
	if format == "json" {
		if err := compat.WriteJSON(stdout, result, cwd); err != nil {
			fmt.Fprintln(stderr, err)
			return exitError
		}
	} else {
		compat.WriteText(stdout, result, cwd)
	}
	if result.Breaking() {
		return exitBreaking
	}
	return exitOK
}
