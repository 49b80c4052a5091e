package cli

import (
	"flag"
	"path/filepath"

	"github.com/metagen-dev/metagen/generators/docs"
	"github.com/metagen-dev/metagen/generators/pipeline"
	"github.com/metagen-dev/metagen/generators/rbac"
	"github.com/metagen-dev/metagen/generators/webhook"
)

// generatorSettings are the generators' own flags (--rbac-dir DIR, …),
// passed to them as pipeline.Options.Settings under the flag's name.
type generatorSettings map[string]*string

// settingFlags declares the flags; paths are relative to the working
// directory, as on any command line.
var settingFlags = []struct {
	name, usage string
	isPath      bool
}{
	{rbac.SettingDir, "directory of the RBAC manifest (controller-gen's output:rbac:artifacts:config; default config/rbac at the module root)", true},
	{rbac.SettingRoleName, "name of the generated ClusterRole and Roles without roleName=… (controller-gen's rbac:roleName; default manager-role)", false},
	{rbac.SettingFileName, "file name of the RBAC manifest (controller-gen's rbac:fileName; default role.yaml)", false},
	{rbac.SettingHeader, "file of YAML # comments to put above the RBAC manifest's documents (controller-gen's rbac:headerFile)", true},
	{webhook.SettingDir, "directory of the webhook manifest (controller-gen's output:webhook:artifacts:config; default config/webhook at the module root)", true},
	{webhook.SettingHeader, "file of YAML # comments to put above the webhook manifest's documents (controller-gen's webhook:headerFile)", true},
	{docs.SettingDir, "directory of the API reference (<group>.md, reference.html) of every package with CRDs (+metagen:docs-dir on a package wins)", true},
	{docs.SettingTemplates, "directory of templates (markdown.tmpl, html.tmpl) replacing the docs generator's defaults (+metagen:docs-templates)", true},
}

func addSettingFlags(set *flag.FlagSet) generatorSettings {
	settings := generatorSettings{}
	for _, f := range settingFlags {
		settings[f.name] = set.String(f.name, "", f.usage)
	}
	return settings
}

// apply puts the flags given into opts.Settings.
func (s generatorSettings) apply(opts *pipeline.Options) error {
	for _, f := range settingFlags {
		value := *s[f.name]
		if value == "" {
			continue
		}
		if f.isPath {
			abs, err := filepath.Abs(value)
			if err != nil {
				return err
			}
			value = abs
		}
		if opts.Settings.Manifests == nil {
			opts.Settings.Manifests = map[string]string{}
		}
		opts.Settings.Manifests[f.name] = value
	}
	return nil
}
