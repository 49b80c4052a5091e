package manifest

import (
	"slices"

	"github.com/metagen-dev/metagen/generators/markers"
)

// Markers are the markers of every manifest generator: the run's comment
// index parses the files' package-level comments once for all of them
// (model.Comments.PackageComments), and each generator takes its own.
var Markers = []string{markers.KBRBAC.Name, markers.KBWebhook.Name, markers.KBWebhookConfiguration.Name}

// parsedFor are the names to parse the comments for when names are
// wanted: the shared Markers when they cover names, else names alone.
func parsedFor(names []string) []string {
	if slices.ContainsFunc(names, func(name string) bool { return !slices.Contains(Markers, name) }) {
		return names
	}
	return Markers
}
