// Package diag is the positioned error every part of metagen reports:
// "file:line:col: message".
package diag

import (
	"errors"
	"fmt"
	"go/token"
	"sort"
)

// Error is a problem at a source position.
type Error struct {
	Pos token.Position
	Msg string
	// Marker, set on a refused marker, names the marker the problem
	// concerns (for a misspelling, the one meant): a run none of whose
	// generators reads it reports the problem as a warning
	// (markers.Demote).
	Marker string
}

// Errorf makes an *Error.
func Errorf(pos token.Position, format string, args ...any) *Error {
	return &Error{Pos: pos, Msg: fmt.Sprintf(format, args...)}
}

func (e *Error) Error() string {
	if !e.Pos.IsValid() {
		return e.Msg
	}
	return e.Pos.String() + ": " + e.Msg
}

// Sort orders errors by file, line and column, positionless ones first, and
// drops exact duplicates, so that what a run reports is stable.
func Sort(errs []error) []error {
	sort.SliceStable(errs, func(i, j int) bool {
		a, b := position(errs[i]), position(errs[j])
		if a.Filename != b.Filename {
			return a.Filename < b.Filename
		}
		if a.Line != b.Line {
			return a.Line < b.Line
		}
		return a.Column < b.Column
	})
	out := errs[:0]
	for i, err := range errs {
		if i > 0 && err.Error() == errs[i-1].Error() {
			continue
		}
		out = append(out, err)
	}
	return out
}

// Unwrap flattens an error made by errors.Join into its parts.
func Unwrap(err error) []error {
	if err == nil {
		return nil
	}
	if joined, ok := err.(interface{ Unwrap() []error }); ok {
		var out []error
		for _, part := range joined.Unwrap() {
			out = append(out, Unwrap(part)...)
		}
		return out
	}
	return []error{err}
}

func position(err error) token.Position {
	var e *Error
	if errors.As(err, &e) {
		return e.Pos
	}
	var w *Warning
	if errors.As(err, &w) {
		return w.Pos
	}
	return token.Position{}
}
