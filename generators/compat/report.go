package compat

import (
	"encoding/json"
	"fmt"
	"go/token"
	"io"
	"path/filepath"
	"strings"
)

// WriteText prints one finding a line, at the new source position (and
// the old one), positions relative to cwd where they lie inside it.
func WriteText(w io.Writer, r *Result, cwd string) {
	breaking := 0
	for _, f := range r.Findings {
		if f.Breaking {
			breaking++
		}
		fmt.Fprintln(w, formatFinding(f, cwd))
	}
	for _, s := range r.Skipped {
		fmt.Fprintf(w, "%s: warning: %s not compared: %s\n", position(s.Pos, cwd), s.Kind, s.Reason)
	}
	fmt.Fprintf(w, "%d breaking, %d compatible change(s) against %s", breaking, len(r.Findings)-breaking, r.OldLabel)
	if len(r.Skipped) > 0 {
		fmt.Fprintf(w, "; %d kind(s) not compared", len(r.Skipped))
	}
	fmt.Fprintln(w)
}

func formatFinding(f Finding, cwd string) string {
	var b strings.Builder
	where := f.New
	if !where.IsValid() {
		where = f.Old
	}
	b.WriteString(position(where, cwd))
	if f.Breaking {
		b.WriteString(": breaking: ")
	} else {
		b.WriteString(": compatible: ")
	}
	b.WriteString(f.Kind)
	if f.Path != "" {
		b.WriteString(" " + f.Path)
	}
	b.WriteString(": " + f.Message + " [" + f.Rule + "]")
	if f.Ratcheting != "" {
		b.WriteString("; " + f.Ratcheting)
	}
	if f.FeatureGate != "" {
		if f.FeatureGate == experimentalChannel {
			b.WriteString("; in an experimental-channel field (" + experimentalChannel + "), which carries no compatibility promise")
		} else {
			b.WriteString("; behind feature gate " + f.FeatureGate + " (an alpha field carries no compatibility promise)")
		}
	}
	if f.AlsoIn > 0 {
		fmt.Fprintf(&b, " (and in %d other kind(s))", f.AlsoIn)
	}
	if f.Old.IsValid() && where != f.Old {
		b.WriteString(" (was " + position(f.Old, cwd) + ")")
	}
	return b.String()
}

func position(pos token.Position, cwd string) string {
	if filepath.IsAbs(pos.Filename) && cwd != "" {
		if rel, err := filepath.Rel(cwd, pos.Filename); err == nil && !strings.HasPrefix(rel, "..") {
			pos.Filename = rel
		}
	}
	return pos.String()
}

// jsonFinding is a finding with its positions as "file:line:col".
type jsonFinding struct {
	Finding
	New string `json:"new,omitempty"`
	Old string `json:"old,omitempty"`
}

type jsonSkipped struct {
	Kind   string `json:"kind"`
	Pos    string `json:"pos"`
	Reason string `json:"reason"`
}

// WriteJSON prints the findings as one JSON document, for tools.
func WriteJSON(w io.Writer, r *Result, cwd string) error {
	doc := struct {
		Against  string        `json:"against"`
		Breaking bool          `json:"breaking"`
		Findings []jsonFinding `json:"findings"`
		Skipped  []jsonSkipped `json:"skipped,omitempty"`
	}{Against: r.OldLabel, Breaking: r.Breaking(), Findings: []jsonFinding{}}
	for _, s := range r.Skipped {
		doc.Skipped = append(doc.Skipped, jsonSkipped{Kind: s.Kind, Pos: position(s.Pos, cwd), Reason: s.Reason})
	}
	for _, f := range r.Findings {
		jf := jsonFinding{Finding: f}
		if f.New.IsValid() {
			jf.New = position(f.New, cwd)
		}
		if f.Old.IsValid() {
			jf.Old = position(f.Old, cwd)
		}
		doc.Findings = append(doc.Findings, jf)
	}
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(doc)
}
