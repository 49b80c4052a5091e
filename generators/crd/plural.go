package crd

import "strings"

// Plural is the lowercase plural of a kind, the resource name of its CRD.
//
// It follows client-gen's rules, so that typed clients and the CRD agree
// on the resource: -s, -x, -z, -ch and -sh take -es, a consonant and -y
// become -ies, and anything else takes -s. Where client-gen gets English
// wrong it is corrected: -f and -fe become -ves only for the words that do
// so (client-gen writes "caves" for Cafe and "chieves" for Chief), and a few
// irregular and uncountable nouns are known. +metagen:plural (or
// +kubebuilder:resource:path) overrides it.
func Plural(kind string) string {
	lower := strings.ToLower(kind)
	for word, plural := range irregular {
		if strings.HasSuffix(lower, word) {
			return lower[:len(lower)-len(word)] + plural
		}
	}
	if len(lower) < 2 {
		return lower
	}
	last, beforeLast := lower[len(lower)-1], lower[len(lower)-2]
	switch {
	case last == 's' || last == 'x' || last == 'z':
		return lower + "es"
	case last == 'h' && (beforeLast == 'c' || beforeLast == 's'):
		return lower + "es"
	case last == 'y' && strings.IndexByte("bcdfghjklmnpqrstvwxz", beforeLast) >= 0:
		return lower[:len(lower)-1] + "ies"
	}
	for _, stem := range fWords {
		switch {
		case strings.HasSuffix(lower, stem+"fe"):
			return lower[:len(lower)-2] + "ves"
		case strings.HasSuffix(lower, stem+"f"):
			return lower[:len(lower)-1] + "ves"
		}
	}
	return lower + "s"
}

// irregular plurals, matched as a suffix of the kind ("NetworkPolicy" is
// handled by the rules; "GooseEgg" is not a Kubernetes kind).
var irregular = map[string]string{
	"endpoints": "endpoints",
	"series":    "series",
	"species":   "species",
	"person":    "people",
	"mouse":     "mice",
	"goose":     "geese",
	"child":     "children",
	"index":     "indexes",
	"matrix":    "matrices",
	"vertex":    "vertices",
	"analysis":  "analyses",
	"basis":     "bases",
	"axis":      "axes",
}

// fWords are the stems whose -f or -fe plural is -ves.
var fWords = []string{"lea", "loa", "thie", "shea", "hal", "cal", "el", "wol", "kni", "li", "wi"}
