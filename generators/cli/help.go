package cli

import (
	"fmt"
	"io"
	"runtime/debug"
	"strings"
	"text/tabwriter"

	"github.com/metagen-dev/metagen/generators/markers"
	"github.com/metagen-dev/metagen/generators/pipeline"
)

func help(args []string, stdout, stderr io.Writer) int {
	if len(args) == 0 {
		fmt.Fprint(stdout, usage)
		return exitOK
	}
	switch topic := args[0]; topic {
	case "markers":
		printMarkers(stdout, markers.All())
		fmt.Fprint(stdout, colonEqualsNote)
	case "generators":
		printGenerators(stdout)
	case "compat":
		fmt.Fprint(stdout, compatHelp)
	default:
		if g := pipeline.Find(topic); g != nil {
			fmt.Fprintf(stdout, "%s: %s\n\n", g.Name, g.Doc)
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
const colonEqualsNote = "\nController-gen's \"+name:=value\" means \"+name=value\" on the markers it reads that take one value " +
	"(+kubebuilder:…, +listType, +listMapKey, +mapType, +structType, +default, +groupName); +k8s: tags and the rest take only \"=\".\n"

func printMarkers(w io.Writer, defs []*markers.Def) {
	table := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	dialect := ""
	for _, def := range defs {
		if def.Dialect != dialect {
			dialect = def.Dialect
			fmt.Fprintf(table, "\n%s\n", dialect)
		}
		reader := def.Reader
		if reader == "" {
			reader = "-"
		}
		fmt.Fprintf(table, "  +%s\t%s\t%s\t%s\t%s\n", syntax(def), def.Targets, kindName(def), reader, def.Doc)
	}
	table.Flush()
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
