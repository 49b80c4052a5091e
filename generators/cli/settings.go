package cli

import (
	"flag"
	"fmt"
	"path/filepath"
	"strconv"

	"github.com/metagen-dev/metagen/generators/gen"
	"github.com/metagen-dev/metagen/generators/pipeline"
)

// generatorOptions are the flags of the generators' own options (--rbac-dir
// DIR, --with-watch=false, …: gen.Generator.Options), passed to them as
// pipeline.Options.Settings.Options under the option's name.
type generatorOptions struct {
	set     *flag.FlagSet
	options []*gen.Option
	text    map[*gen.Option]*string
	on      map[*gen.Option]*bool
}

// addGeneratorOptions declares a flag for each option of each generator, a
// Bool option's a boolean flag with its default; paths are relative to the
// working directory, as on any command line.
func addGeneratorOptions(set *flag.FlagSet) generatorOptions {
	options := generatorOptions{set: set, text: map[*gen.Option]*string{}, on: map[*gen.Option]*bool{}}
	for _, g := range pipeline.Generators {
		for _, o := range g.Options {
			options.options = append(options.options, o)
			if o.Bool {
				options.on[o] = set.Bool(o.Name, o.Default == "true", o.Usage)
			} else {
				options.text[o] = set.String(o.Name, o.Default, o.Usage)
			}
		}
	}
	return options
}

// apply puts the flags given into opts.Settings, checked.
func (s generatorOptions) apply(opts *pipeline.Options) error {
	given := map[string]bool{}
	s.set.Visit(func(f *flag.Flag) { given[f.Name] = true })
	for _, o := range s.options {
		if !given[o.Name] {
			continue
		}
		var v string
		if o.Bool {
			v = strconv.FormatBool(*s.on[o])
		} else if v = *s.text[o]; v == "" {
			continue
		}
		if o.Check != nil {
			if err := o.Check(v); err != nil {
				return fmt.Errorf("%s=%s: %v", o.Flag(), v, err)
			}
		}
		if o.Path {
			abs, err := filepath.Abs(v)
			if err != nil {
				return err
			}
			v = abs
		}
		if opts.Settings.Options == nil {
			opts.Settings.Options = map[string]string{}
		}
		opts.Settings.Options[o.Name] = v
	}
	return nil
}
