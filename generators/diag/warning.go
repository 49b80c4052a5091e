package diag

import (
	"errors"
	"fmt"
	"go/token"
)

// Warning is a harmless mistake at a source position ("file:line:col:
// warning: message"): the run goes on and writes its files; the CLI prints
// it on stderr, and --warnings-as-errors makes it fatal.
//
// How a warning travels: anything that returns a list of problems ([]error
// or an errors.Join) may put a *Warning in it beside its *Errors; whoever
// collects the list calls Split, stops on the errors and keeps the
// warnings. A generator reports one with gen.Pass.Warn; the loader's end up
// in model.Universe.Warnings; a run's in gofile.Plan.Warnings.
type Warning struct {
	Pos token.Position
	Msg string
}

// Warnf makes a *Warning.
func Warnf(pos token.Position, format string, args ...any) *Warning {
	return &Warning{Pos: pos, Msg: fmt.Sprintf(format, args...)}
}

func (w *Warning) Error() string {
	if !w.Pos.IsValid() {
		return "warning: " + w.Msg
	}
	return w.Pos.String() + ": warning: " + w.Msg
}

// IsWarning reports whether err is a *Warning.
func IsWarning(err error) bool {
	var w *Warning
	return errors.As(err, &w)
}

// Split separates the warnings of a list of problems (an errors.Join is
// flattened) from its errors.
func Split(problems ...error) (errs, warnings []error) {
	for _, p := range problems {
		for _, e := range Unwrap(p) {
			if IsWarning(e) {
				warnings = append(warnings, e)
			} else {
				errs = append(errs, e)
			}
		}
	}
	return errs, warnings
}

// Relative returns err with its position's file name rewritten by rel (the
// CLI prints paths relative to the working directory); other errors come
// back as they are.
func Relative(err error, rel func(string) string) error {
	var e *Error
	var w *Warning
	switch {
	case errors.As(err, &w) && w.Pos.IsValid():
		pos := w.Pos
		pos.Filename = rel(pos.Filename)
		return &Warning{Pos: pos, Msg: w.Msg}
	case errors.As(err, &e) && e.Pos.IsValid():
		pos := e.Pos
		pos.Filename = rel(pos.Filename)
		return &Error{Pos: pos, Msg: e.Msg}
	}
	return err
}

// PositionOf is the position of an *Error or *Warning, or the zero Position.
func PositionOf(err error) token.Position { return position(err) }
