package cli

import (
	"flag"
	"path/filepath"

	"github.com/metagen-dev/metagen/generators/gen"
	"github.com/metagen-dev/metagen/generators/pipeline"
)

// generatorOptions are the flags of the generators' own options (--rbac-dir
// DIR, …: gen.Generator.Options), passed to them as
// pipeline.Options.Settings.Options under the option's name.
type generatorOptions map[*gen.Option]*string

// addGeneratorOptions declares a flag for each option of each generator;
// paths are relative to the working directory, as on any command line.
func addGeneratorOptions(set *flag.FlagSet) generatorOptions {
	options := generatorOptions{}
	for _, g := range pipeline.Generators {
		for _, o := range g.Options {
			options[o] = set.String(o.Name, "", o.Usage)
		}
	}
	return options
}

// apply puts the flags given into opts.Settings.
func (s generatorOptions) apply(opts *pipeline.Options) error {
	for o, value := range s {
		if *value == "" {
			continue
		}
		v := *value
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
