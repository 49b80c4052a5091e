package markers

import (
	"fmt"
	"go/ast"
	"go/token"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"github.com/metagen-dev/metagen/generators/diag"
)

// ParseGroups reads the markers in comment groups written on a target.
// Lines that are not markers are ignored; marker problems come back as *diag.Error.
func ParseGroups(fset *token.FileSet, target Target, groups ...*ast.CommentGroup) (Set, []error) {
	var set Set
	var errs []error
	for _, group := range groups {
		if group == nil {
			continue
		}
		for _, comment := range group.List {
			text, ok := strings.CutPrefix(comment.Text, "//")
			if !ok {
				continue // block comments carry no markers in any dialect we read
			}
			pos := fset.Position(comment.Slash)
			pos.Column += 2
			marker, err, found := parseLine(text, pos, target)
			if err != nil {
				errs = append(errs, err)
			}
			if found {
				set = append(set, marker)
			}
		}
	}
	return set, errs
}

// parseLine reads one comment line. found is false when the line is not a
// marker, or is a legacy "+build" constraint.
func parseLine(text string, pos token.Position, target Target) (marker Marker, err error, found bool) {
	indent := len(text) - len(strings.TrimLeft(text, " \t"))
	text = strings.TrimSpace(text[indent:])
	if len(text) < 2 || text[0] != '+' || !isLetter(text[1]) {
		return Marker{}, nil, false
	}
	pos.Column += indent
	marker = scan(text[1:])
	marker.Pos = pos
	if strings.HasSuffix(marker.Name, ".") && !marker.HasValue && marker.Param == "" && len(text) == len(marker.Name)+1 {
		// Prose that ends a sentence with a marker's name ("… with
		// +k8s:opaqueType."), as gengo's tag parsers, which stop at the
		// '.', read it; it is no marker.
		return Marker{}, nil, false
	}
	if marker.Name == "build" {
		return Marker{}, nil, false
	}
	if ctDef, def := controllerToolsDefinition(text, target); ctDef != nil {
		marker, err := parseControllerTools(text, pos, target, ctDef, def)
		return marker, err, marker.Def.Targets&target != 0 || !diag.IsWarning(err)
	}
	if err := resolveWritten(&marker); err != nil {
		return marker, err, true
	}
	if marker.Def == nil {
		return marker, unknown(marker), true
	}
	if marker.Def.Dialect == kubebuilder && controllerToolsDefines(marker) {
		// A marker controller-gen defines, written so that its parser does
		// not find it ("+kubebuilder:validation:Minimum =1"): it ignores
		// the line.
		return marker, problem(errorf(pos, "controller-gen does not read %q as written: it ignores the line, so the CRD and code it writes would lack it; write %q", text, marker.String()), marker.Def.Name), true
	}
	if marker.Def.Targets&target == 0 {
		err := misplaced(marker, target)
		return marker, err, !diag.IsWarning(err) // a marker its anchor ignores is no marker of the target
	}
	if err := checkValue(marker, target); err != nil {
		marker.Err = valueError(marker, err)
		return marker, marker.Err, true
	}
	typed, err := typedValue(marker)
	if err != nil {
		marker.Err = valueError(marker, err)
		return marker, marker.Err, true
	}
	marker.Typed = typed
	return marker, nil, true
}

// scan splits "name(param)=value" or "name:args=value"; the registry decides later
// which ':'-separated part of the name is arguments.
func scan(text string) Marker {
	end := 0
	for end < len(text) && isNameByte(text[end]) {
		end++
	}
	m := Marker{Name: text[:end]}
	rest := text[end:]
	if strings.HasPrefix(rest, "(") {
		if closing := strings.IndexByte(rest, ')'); closing > 0 {
			m.Param, rest = rest[1:closing], rest[closing+1:]
		}
	}
	if value, ok := strings.CutPrefix(rest, "="); ok {
		if strings.HasPrefix(m.Name, "k8s:") {
			value = stripTrailingComment(value)
		}
		m.Value, m.HasValue = strings.TrimSpace(value), true
	}
	return m
}

// stripTrailingComment drops " # comment", which validation-gen's tag
// grammar allows after a value.
// A '#' inside a quoted string ("type T1 #1") is part of the string.
func stripTrailingComment(value string) string {
	var quote byte
	for i := 0; i < len(value); i++ {
		c := value[i]
		switch {
		case quote != 0:
			if c == '\\' && quote == '"' {
				i++
			} else if c == quote {
				quote = 0
			}
		case c == '"' || c == '`':
			quote = c
		case c == '#' && i > 0 && (value[i-1] == ' ' || value[i-1] == '\t'):
			return value[:i]
		}
	}
	return value
}

// resolveWritten resolves the marker as written, reading controller-tools'
// "+name:=value" as "+name=value" where controller-tools does. scan leaves
// that ':' on the name, which names no marker.
func resolveWritten(m *Marker) error {
	if name, ok := strings.CutSuffix(m.Name, ":"); ok && m.HasValue {
		plain := *m
		plain.Name = name
		resolve(&plain)
		if plain.Def != nil {
			if !takesColonEquals(plain) {
				return colonEqualsError(plain)
			}
			*m = plain
			return nil
		}
	}
	resolve(m)
	return nil
}

// takesColonEquals reports whether controller-tools reads the marker's
// "+name:=value": it cuts the name at the last ':' before the '=' and looks
// the rest up as a marker of one value, so on an Args marker ':=' may
// follow only one word after its name (items:MinLength:=1, and not
// resource:scope:=Cluster, which it ignores).
func takesColonEquals(m Marker) bool {
	if !m.Def.ColonEquals {
		return false
	}
	if !m.Def.Args {
		return true
	}
	word, _, _ := strings.Cut(m.Args, "=")
	return word != "" && !strings.Contains(word, ":")
}

// colonEqualsError says how to write a ':=' that only controller-tools
// would read, or nobody.
func colonEqualsError(m Marker) error {
	why := fmt.Sprintf("the %s dialect has no \":=\"", m.Def.Dialect)
	if m.Def.Dialect == kubebuilder {
		why = "\":=\" may follow only the name of a marker that takes one value"
	}
	return problem(errorf(m.Pos, "write %q, not \":=\": %s; %s ignores this spelling, so what it generates would silently lack the marker", m.String(), why, anchorOf(m.Def)), m.Def.Name)
}

// resolve ties the marker to its Def: an exact name, or the longest Args
// marker whose name is a prefix ("kubebuilder:resource:path=x" → kubebuilder:resource).
func resolve(m *Marker) {
	if def := Lookup(m.Name); def != nil {
		m.Def = def
		return
	}
	for name := m.Name; ; {
		cut := strings.LastIndexByte(name, ':')
		if cut < 0 {
			return
		}
		name = name[:cut]
		if def := Lookup(name); def != nil && def.Args {
			args := m.Name[len(name)+1:]
			if m.HasValue {
				args += "=" + m.Value
			}
			m.Def, m.Name, m.Args, m.Value, m.HasValue = def, name, args, "", false
			return
		}
	}
}

// unknown decides whether an unregistered marker is an error. Our own
// namespace is closed. In the foreign dialects only a near miss of a known
// marker is an error: they have markers metagen does not read.
func unknown(m Marker) error {
	suggestion := Suggest(m.Name)
	if name, colonEquals := strings.CutSuffix(m.Name, ":"); colonEquals && m.HasValue {
		suggestion = Suggest(name) // "+kubebuilder:validation:Minimun:=1"
	}
	ours := strings.HasPrefix(m.Name, Namespace+":") || m.Name == Namespace
	switch {
	case suggestion != "":
		return problem(errorf(m.Pos, "unknown marker %q (did you mean %q?)%s", "+"+m.Name, "+"+suggestion, ignoresUnknown(Lookup(suggestion))), suggestion)
	case ours:
		return errorf(m.Pos, "unknown marker %q (see \"metagen help markers\")", "+"+m.Name)
	}
	return nil
}

// ignoresUnknown says what the anchor of a misspelled marker's dialect
// does with it: nothing, silently.
func ignoresUnknown(meant *Def) string {
	switch {
	case meant == nil || meant.Dialect == Namespace:
		return ""
	case meant.Dialect == kubebuilder:
		return ": controller-gen ignores unknown markers, so the CRD and code it writes would silently lack this one; fix the spelling"
	}
	return fmt.Sprintf(": %s reads no such tag, so what it generates would lack this one; fix the spelling", anchorOf(meant))
}

func checkValue(m Marker, target Target) error {
	def := m.Def
	value := m.Value
	switch def.Kind {
	case Flag:
		if m.HasValue {
			return fmt.Errorf("takes no value, got %q", value)
		}
	case Bool:
		if m.HasValue && value != "true" && value != "false" {
			return fmt.Errorf("want true or false, got %q", value)
		}
	case String:
		if value == "" {
			return fmt.Errorf("needs a value: +%s=<value>", m.Name)
		}
	case Enum:
		if !slices.Contains(def.Values, value) {
			return fmt.Errorf("want one of %s, got %q", quoteAll(def.Values), value)
		}
	case List:
		if value == "" {
			return fmt.Errorf("needs a comma-separated list")
		}
		for _, item := range m.list() {
			if len(def.Values) > 0 && !slices.Contains(def.Values, item) {
				return fmt.Errorf("%q is not one of %s", item, quoteAll(def.Values))
			}
		}
	}
	if def.RelativePath && isAbsolutePath(value) {
		return fmt.Errorf("want a path relative to the package directory, got the absolute path %q", value)
	}
	if def.Check != nil && def.Args {
		return def.Check(target, m.Args) // a typed marker checks its arguments
	}
	if def.Check != nil {
		return def.Check(target, value)
	}
	return nil
}

// isAbsolutePath is an absolute path on this system or on any other
// (a leading '/' or '\\', a drive letter, a home directory).
func isAbsolutePath(value string) bool {
	if filepath.IsAbs(value) || strings.HasPrefix(value, "/") || strings.HasPrefix(value, `\\`) || strings.HasPrefix(value, "~") {
		return true
	}
	return len(value) >= 2 && value[1] == ':' && isLetter(value[0])
}

// valueError is the one wording of a refused marker value, at the
// marker, with the severity its Def declares.
func valueError(m Marker, err error) error {
	if m.Def.Severity == SeverityWarning {
		return diag.Warnf(m.Pos, "marker %q: %v", "+"+m.Name, err)
	}
	return problem(errorf(m.Pos, "marker %q: %v", "+"+m.Name, err), m.Def.Name)
}

func errorf(pos token.Position, format string, args ...any) error {
	return diag.Errorf(pos, format, args...)
}

func isLetter(c byte) bool { return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' }

func isNameByte(c byte) bool {
	return isLetter(c) || c >= '0' && c <= '9' || c == '_' || c == '-' || c == '.' || c == ':'
}

func quoteAll(list []string) string {
	quoted := make([]string, len(list))
	for i, s := range list {
		quoted[i] = strconv.Quote(s)
	}
	return strings.Join(quoted, ", ")
}
