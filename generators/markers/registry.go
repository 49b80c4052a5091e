package markers

import (
	"slices"
	"sort"
	"strings"
)

// Namespace is metagen's own marker prefix: "+metagen:…".
const Namespace = "metagen"

var registry = map[string]*Def{}

// register adds definitions; a duplicate name is a programming error.
func register(defs ...*Def) {
	for _, def := range defs {
		if _, dup := registry[def.Name]; dup {
			panic("markers: duplicate definition of " + def.Name)
		}
		registry[def.Name] = def
	}
}

// Lookup returns the definition of the marker called name, or nil.
func Lookup(name string) *Def { return registry[name] }

// All returns every definition, sorted by dialect and name.
func All() []*Def {
	defs := make([]*Def, 0, len(registry))
	for _, def := range registry {
		defs = append(defs, def)
	}
	sort.Slice(defs, func(i, j int) bool {
		if defs[i].Dialect != defs[j].Dialect {
			return defs[i].Dialect < defs[j].Dialect
		}
		return defs[i].Name < defs[j].Name
	})
	return defs
}

// Suggest returns the registered name closest to a misspelled one, or "".
// A name is close when it differs only in case, by a small edit distance, or
// in the order of its words ("finalizer-allowed" for "allowed-finalizers").
func Suggest(name string) string {
	best, bestDistance := "", -1
	for _, candidate := range sortedNames() {
		if candidate == name {
			return ""
		}
		distance := editDistance(strings.ToLower(name), strings.ToLower(candidate))
		if sameWords(name, candidate) {
			distance = 0
		}
		if distance <= allowedTypos(candidate) && (bestDistance < 0 || distance < bestDistance) {
			best, bestDistance = candidate, distance
		}
	}
	return best
}

func sortedNames() []string {
	names := make([]string, 0, len(registry))
	for name := range registry {
		names = append(names, name)
	}
	sort.Strings(names)
	return names
}

// allowedTypos keeps short names strict, so that distinct short markers
// ("+k8s:neq", "+k8s:enum") are not taken for each other's typos.
func allowedTypos(name string) int {
	if i := strings.LastIndexByte(name, ':'); i >= 0 {
		name = name[i+1:]
	}
	switch {
	case len(name) < 5:
		return 0
	case len(name) < 10:
		return 1
	}
	return 2
}

// sameWords compares names as bags of words, ignoring case and plurals.
func sameWords(a, b string) bool {
	return slices.Equal(words(a), words(b))
}

func words(name string) []string {
	fields := strings.FieldsFunc(strings.ToLower(name), func(r rune) bool { return r == '-' || r == ':' || r == '_' })
	for i, word := range fields {
		fields[i] = strings.TrimSuffix(word, "s")
	}
	sort.Strings(fields)
	return fields
}

// editDistance counts the insertions, deletions, substitutions and swaps of
// two neighbouring letters ("requried", "MaxLenght") that turn a into b
// (the optimal string alignment distance).
func editDistance(a, b string) int {
	beforePrevious := make([]int, len(b)+1)
	previous := make([]int, len(b)+1)
	current := make([]int, len(b)+1)
	for j := range previous {
		previous[j] = j
	}
	for i := 1; i <= len(a); i++ {
		current[0] = i
		for j := 1; j <= len(b); j++ {
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			current[j] = min(previous[j]+1, current[j-1]+1, previous[j-1]+cost)
			if i > 1 && j > 1 && a[i-1] == b[j-2] && a[i-2] == b[j-1] {
				current[j] = min(current[j], beforePrevious[j-2]+1)
			}
		}
		beforePrevious, previous, current = previous, current, beforePrevious
	}
	return previous[len(b)]
}

// SchemaMarkers names the markers of the kubebuilder dialect that shape a
// schema (a field's or a type's: +kubebuilder:validation:…, default,
// example, title …), which every generator writing schemas reads; the
// markers of a CRD as a whole (resource, printcolumn …) are no such.
func SchemaMarkers() []Definer {
	var defs []Definer
	for _, def := range All() {
		if def.Dialect == kubebuilder && (def.Targets&OnField != 0 || strings.HasPrefix(def.Name, "kubebuilder:validation:")) {
			defs = append(defs, def)
		}
	}
	return defs
}
