package cli

import (
	"fmt"
	"io"
	"runtime/debug"
	"slices"
	"strings"
	"text/tabwriter"
	"unicode/utf8"

	"github.com/metagen-dev/metagen/generators/markers"
	"github.com/metagen-dev/metagen/generators/pipeline"
	"github.com/metagen-dev/metagen/generators/serveflags"
)

func help(args []string, stdout, stderr io.Writer) int {
	if len(args) == 0 {
		fmt.Fprint(stdout, usage)
		return exitOK
	}
	switch topic := args[0]; topic {
	case "generate", "verify":
		printPipelineHelp(stdout, topic)
	case "serve":
		printServeHelp(stdout)
	case "markers":
		fmt.Fprint(stdout, markersLegend)
		printMarkers(stdout, markers.All())
		fmt.Fprintf(stdout, "\n%s\n", strings.Join(wrap(colonEqualsNote, markerWidth), "\n"))
	case "generators":
		printGenerators(stdout)
	case "compat":
		fmt.Fprint(stdout, compatHelp)
	default:
		if g := pipeline.Find(topic); g != nil {
			fmt.Fprintf(stdout, "%s\n\n", strings.Join(wrap(g.Name+": "+g.Doc, markerWidth), "\n"))
			if g.OutputFile != "" {
				fmt.Fprintf(stdout, "Writes %s in each package that opts in.\n\n", g.OutputFile)
			}
			fmt.Fprint(stdout, "Markers:\n")
			printMarkers(stdout, pipeline.MarkersOf(g))
			return exitOK
		}
		if def := markers.Lookup(strings.TrimPrefix(topic, "+")); def != nil {
			printMarkers(stdout, []*markers.Def{def})
			return exitOK
		}
		fmt.Fprintf(stderr, "metagen help: no generator or marker called %q\n", topic)
		if suggestion := markers.Suggest(strings.TrimPrefix(topic, "+")); suggestion != "" {
			fmt.Fprintf(stderr, "did you mean %q?\n", "+"+suggestion)
		}
		return exitError
	}
	return exitOK
}

// colonEqualsNote says which markers take controller-gen's other spelling.
const colonEqualsNote = "Controller-gen's \"+name:=value\" means \"+name=value\" on the markers it reads that take one value " +
	"(+kubebuilder:…, +listType, +listMapKey, +mapType, +structType, +default, +groupName); +k8s: tags and the rest take only \"=\"."

// markerWidth is the width help wraps marker docs to.
const markerWidth = 100

// printMarkers prints a table per family (the tools a marker comes from):
// a headed row per marker (its syntax, where it goes, its value, the
// generator that reads it), its doc wrapped below it.
func printMarkers(w io.Writer, defs []*markers.Def) {
	defs = slices.Clone(defs)
	slices.SortStableFunc(defs, func(a, b *markers.Def) int { return strings.Compare(a.Dialect, b.Dialect) })
	for i := 0; i < len(defs); {
		family := defs[i].Dialect
		j := i
		for j < len(defs) && defs[j].Dialect == family {
			j++
		}
		fmt.Fprintf(w, "\n%s\n", familyTitle(family))
		rows := [][4]string{{"MARKER", "ON", "VALUE", "READ BY"}}
		for _, def := range defs[i:j] {
			reader := readByColumn(pipeline.ReadersOf(def.Name)) // what the generators declare
			rows = append(rows, [4]string{"+" + syntax(def), def.Targets.String(), valueKind(def), reader})
		}
		widths := columnWidths(rows)
		for r, row := range rows {
			fmt.Fprintf(w, "  %-*s  %-*s  %-*s  %s\n", widths[0], row[0], widths[1], row[1], widths[2], row[2], row[3])
			if r == 0 {
				continue
			}
			for _, line := range wrap(docOf(defs[i+r-1]), markerWidth-6) {
				fmt.Fprintf(w, "      %s\n", line)
			}
		}
		i = j
	}
}

const markersLegend = `Markers are comment lines "+name", "+name=value" or "+name:key=value,…" above a package
clause (in doc.go), a type, a field or a constant. ON is where a marker goes; READ BY are the
metagen generators that read it ("-": metagen only checks the marker, which another tool reads).
A marker problem (a misspelling, a refused value) stops a run only if one of its generators
reads that marker; otherwise it is a warning.
`

// familyTitle names a marker family after the tools that define it.
func familyTitle(family string) string {
	switch family {
	case "code-generator":
		return "code-generator (client-gen, deepcopy-gen, register-gen, conversion-gen, defaulter-gen):"
	case "kube-openapi":
		return "kube-openapi (openapi-gen; list, map and struct types also in validation and CRDs):"
	case "kubebuilder":
		return "kubebuilder (controller-gen's CRD and object markers):"
	case "metagen":
		return "metagen (metagen's own):"
	case "validation-gen":
		return "validation-gen (+k8s: declarative validation tags):"
	}
	return family + ":"
}

// valueKind is the VALUE column; the values of enums and lists go in the doc.
func valueKind(def *markers.Def) string {
	switch def.Kind {
	case markers.Enum:
		return "enum"
	case markers.List:
		return "list"
	}
	return kindName(def)
}

// readByColumn is the READ BY cell: the one generator that reads the
// marker, "-" for none, and for several a pointer to the doc line that
// names them (docOf).
func readByColumn(readers []string) string {
	switch len(readers) {
	case 0:
		return "-"
	case 1:
		return readers[0]
	}
	return "(see below)"
}

func docOf(def *markers.Def) string {
	doc := strings.TrimSpace(def.Doc)
	if readers := pipeline.ReadersOf(def.Name); len(readers) > 1 {
		doc = "Read by " + strings.Join(readers, ", ") + ". " + doc
	}
	if len(def.Values) > 0 && (def.Kind == markers.Enum || def.Kind == markers.List) {
		doc += " Values: " + strings.Join(def.Values, ", ") + "."
	}
	return doc
}

func columnWidths(rows [][4]string) [4]int {
	var widths [4]int
	for _, row := range rows {
		for c, cell := range row {
			widths[c] = max(widths[c], utf8.RuneCountInString(cell))
		}
	}
	return widths
}

// wrap breaks text into lines of at most width characters, at spaces.
func wrap(text string, width int) []string {
	var lines []string
	line := ""
	for _, word := range breakLongWords(strings.Fields(text), width) {
		if line != "" && len([]rune(line))+1+len([]rune(word)) > width {
			lines = append(lines, line)
			line = ""
		}
		if line != "" {
			line += " "
		}
		line += word
	}
	if line != "" {
		lines = append(lines, line)
	}
	return lines
}

// breakLongWords splits words wider than width after their commas, so a
// marker's argument list (path=…,mutating=…,…) wraps like prose.
func breakLongWords(words []string, width int) []string {
	var out []string
	for _, word := range words {
		for len([]rune(word)) > width {
			cut := strings.LastIndex(string([]rune(word)[:width]), ",")
			if cut <= 0 {
				break
			}
			out = append(out, word[:cut+1])
			word = word[cut+1:]
		}
		out = append(out, word)
	}
	return out
}

func syntax(def *markers.Def) string {
	switch {
	case def.Args:
		return def.Name + ":key=value,…"
	case def.Kind == markers.Flag:
		return def.Name
	}
	return def.Name + "=…"
}

func kindName(def *markers.Def) string {
	switch def.Kind {
	case markers.Flag:
		return "flag"
	case markers.Bool:
		return "bool"
	case markers.String:
		return "string"
	case markers.Int:
		return "int"
	case markers.Number:
		return "number"
	case markers.Enum:
		return strings.Join(def.Values, "|")
	case markers.List:
		if len(def.Values) > 0 {
			return "list of " + strings.Join(def.Values, "|")
		}
		return "list"
	}
	return "text"
}

func printGenerators(w io.Writer) {
	table := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	for _, g := range pipeline.Generators {
		fmt.Fprintf(table, "%s\t%s\t%s\n", g.Name, g.OutputFile, g.Doc)
	}
	table.Flush()
	fmt.Fprint(w, outOfScopeNote)
}

func versionString() string {
	version := "(devel)"
	if info, ok := debug.ReadBuildInfo(); ok {
		if info.Main.Version != "" {
			version = info.Main.Version
		}
		return fmt.Sprintf("metagen %s (%s)", version, info.GoVersion)
	}
	return "metagen " + version
}

// printPipelineHelp documents generate or verify and their flags.
func printPipelineHelp(w io.Writer, command string) {
	var f pipelineFlags
	set := pipelineFlagSet(command, &f)
	set.SetOutput(w)
	fmt.Fprintf(w, "Usage: metagen %s [flags] [PATTERNS…]\n\n%s\nFlags:\n", command, pipelineDocs[command])
	set.PrintDefaults()
}

var pipelineDocs = map[string]string{
	"generate": `Loads the packages PATTERNS match (./... by default) once, runs every generator a package
opts into (or those -g names), and writes the files whose bytes change, printing one
"create", "update" or "remove" line each, with paths relative to the working directory.
Nothing is written when anything is wrong: the errors are printed as file:line:col (exit 2).
A summary line ends the run on stderr; on a terminal, a phase that takes more than a second
is shown while it runs.
Formatting is memoized: the go/format output of the Go files a generator writes for a package
is kept in metagen/format under the user cache directory, under the hash of their text before
formatting and of the Go release metagen was built with, and a later run (verify too) that
renders the same texts reads them instead of formatting again. An entry that does not match the hash it carries is formatted
anew; entries unused for five days are removed. METAGEN_CACHE=DIR moves it, METAGEN_CACHE=off
turns it off.
`,
	"verify": `Runs generate without writing: exits 0 when every generated file is current, and 1 with a
unified diff on stdout when one is stale, missing or extra (for CI; metagentest.Verify
does the same in a Go test).
A passing verify is remembered, as go test remembers a passing test: verifying the same tree
again prints the warnings and summary it printed, marked "cached", without loading anything.
The same tree is the same metagen binary, arguments, working directory, GO*/CGO_*/METAGEN_*
environment, go command, go env file, files named by arguments, and the content of every file
of the module and of its go.mod's local replacements; a go.work workspace, GOFLAGS with
-mod=mod, -modfile or -overlay, a GOPACKAGESDRIVER, cgo or a symlink to a directory turn the
cache off for the run, and so does -v. A passing run is stored only if the tree did not change
while it ran: the files are checked again by their status (size, times, inode), and those
changed less than two seconds before the run began, whose status cannot vouch for them, are
read again. The cache lives in metagen/verify under the user cache directory; METAGEN_CACHE=DIR
moves it, METAGEN_CACHE=off turns it off.
`,
}

// printServeHelp documents serve; its flags come from serve's own flag set.
func printServeHelp(w io.Writer) {
	fmt.Fprint(w, serveflags.Help())
}
