package gen

import "github.com/metagen-dev/metagen/generators/model"

// Option is a command-line option a generator declares and reads
// (--rbac-dir DIR), as an analysis.Analyzer declares its Flags: the command
// line makes a flag of each option of each generator (Generator.Options),
// and the generator reads the run's value with Value. Options live on the
// generator that reads them; the run carries only their values
// (model.Settings.Options, by name).
type Option struct {
	// Name is the flag's name, without dashes.
	Name string
	// Usage is the flag's help.
	Usage string
	// Path: the value is a path, made absolute against the working
	// directory by the command line.
	Path bool
	// Bool: the option is true or false (--with-watch=false), written
	// "true" or "false" in the settings.
	Bool bool
	// Default is the value when the option is not given.
	Default string
	// Check, when set, refuses a value given: the command line reports it
	// (exit 2).
	Check func(value string) error
}

// Value is the option's value in the run's settings, its Default when not
// given.
func (o *Option) Value(s model.Settings) string {
	if value, ok := s.Options[o.Name]; ok {
		return value
	}
	return o.Default
}

// On is a Bool option's value.
func (o *Option) On(s model.Settings) bool { return o.Value(s) == "true" }

// Flag is how the option is spelled on the command line (--rbac-dir).
func (o *Option) Flag() string { return "--" + o.Name }
