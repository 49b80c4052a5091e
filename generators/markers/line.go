package markers

import "go/token"

// ParseLine reads one comment line already split from its comment (text
// after "//", leading blanks removed, starting at pos), for the generators
// that read comments the loader does not parse: +k8s:conversion-fn on
// functions. found is false when the line is no marker.
func ParseLine(text string, pos token.Position, target Target) (marker Marker, err error, found bool) {
	return parseLine(text, pos, target)
}
