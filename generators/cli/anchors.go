package cli

import (
	"flag"
	"fmt"
	"strconv"
	"strings"

	"github.com/metagen-dev/metagen/generators/crd"
	"github.com/metagen-dev/metagen/generators/model"
	"github.com/metagen-dev/metagen/generators/pipeline"
)

// anchorFlags are the anchors' command-line choices, so that a project
// switches to metagen without editing its sources: each flag replaces the
// spelling of controller-gen or kube_codegen.sh/client-gen named in its help.
type anchorFlags struct {
	crdDir                 string
	pluralExceptions       string
	maxDescLen             string
	embeddedObjectMeta     bool
	allowDangerousTypes    bool
	ignoreUnexportedFields bool
	crdVersions            string
	apiApproved            []string
}

// anchorFlagHelp is the help text's section for the flags, with the anchor spelling each replaces.
const anchorFlagHelp = `
Flags that replace the anchors' command lines (generate and verify):
  --crd-dir DIR                      controller-gen output:crd:artifacts:config=DIR: the CRDs of every
                                     package with +groupName and root types, DIR relative to the module
                                     root (+metagen:crd-dir on a package wins)
  --max-desc-len N                   controller-gen crd:maxDescLen=N (0: no descriptions)
  --generate-embedded-object-meta    controller-gen crd:generateEmbeddedObjectMeta=true
  --allow-dangerous-types            controller-gen crd:allowDangerousTypes=true (float fields)
  --ignore-unexported-fields         controller-gen crd:ignoreUnexportedFields=true
  --crd-versions v1                  controller-gen crd:crdVersions=v1 (the only version written)
  --crd-api-approved VALUE           the api-approved.kubernetes.io annotation of the CRDs of protected
                                     groups (*.k8s.io, *.kubernetes.io) whose sources do not set it
                                     (+kubebuilder:metadata:annotations), as a project's pipeline adds it
                                     for controller-gen; VALUE is the approved API review's URL or a reason
                                     starting with "unapproved"; GROUP=VALUE for one group; repeatable
  --client-dir DIR                   kube_codegen.sh gen_client --output-dir DIR (client-gen's
                                     --output-pkg follows from the module path), relative to the
                                     module root (+metagen:client-output on a package wins)
  --clientset-name NAME              client-gen --clientset-name NAME: the clientset in clientset/NAME
  --plural-exceptions K:P,...        client-gen/lister-gen/informer-gen --plural-exceptions K:P,...
                                     (also the resource of kind K in the CRD and every client)
  --with-watch=false                 kube_codegen.sh gen_client without --with-watch: no listers or
                                     informers (the default generates them, as --with-watch does)
  --with-applyconfig=false           kube_codegen.sh gen_client without --with-applyconfig (client-gen
                                     without --apply-configuration-package): no apply configurations,
                                     no Apply/ApplyStatus methods, no fake NewClientset (the default
                                     generates them, as --with-applyconfig does)
`

func (a *anchorFlags) register(set *flag.FlagSet) {
	set.StringVar(&a.crdDir, "crd-dir", "", "write CRDs into DIR, relative to the module root (controller-gen output:crd:artifacts:config)")
	set.StringVar(&a.maxDescLen, "max-desc-len", "", "truncate CRD descriptions to N characters, 0 drops them (controller-gen crd:maxDescLen)")
	set.BoolVar(&a.embeddedObjectMeta, "generate-embedded-object-meta", false, "describe embedded ObjectMeta in CRDs (controller-gen crd:generateEmbeddedObjectMeta=true)")
	set.BoolVar(&a.allowDangerousTypes, "allow-dangerous-types", false, "allow float fields in CRDs (controller-gen crd:allowDangerousTypes=true)")
	set.BoolVar(&a.ignoreUnexportedFields, "ignore-unexported-fields", false, "leave unexported fields out of CRDs (controller-gen crd:ignoreUnexportedFields=true)")
	set.StringVar(&a.crdVersions, "crd-versions", "", "CRD API versions to write; only v1 (controller-gen crd:crdVersions=v1)")
	set.Func(strings.TrimPrefix(crd.APIApprovedFlag, "--"), "api-approved.kubernetes.io annotation of protected groups' CRDs: URL or \"unapproved, reason\", or GROUP=VALUE; repeatable", func(value string) error {
		a.apiApproved = append(a.apiApproved, value)
		return nil
	})
	set.StringVar(&a.pluralExceptions, "plural-exceptions", "", "Kind:Plural,... (client-gen --plural-exceptions)")
}

// apply puts the flags into the pipeline's settings.
func (a *anchorFlags) apply(opts *pipeline.Options) error {
	s := model.Settings{CRDDir: a.crdDir}
	s.CRD.GenerateEmbeddedObjectMeta = a.embeddedObjectMeta
	s.CRD.AllowDangerousTypes = a.allowDangerousTypes
	s.CRD.IgnoreUnexportedFields = a.ignoreUnexportedFields
	if a.maxDescLen != "" {
		n, err := strconv.Atoi(a.maxDescLen)
		if err != nil || n < 0 {
			return fmt.Errorf("--max-desc-len=%s: want a whole number, zero or more", a.maxDescLen)
		}
		s.CRD.MaxDescLen = &n
	}
	approved, err := crd.ParseAPIApproved(a.apiApproved)
	if err != nil {
		return err
	}
	s.CRD.APIApproved = approved
	if a.crdVersions != "" && a.crdVersions != "v1" {
		return fmt.Errorf("--crd-versions=%s: metagen writes apiextensions.k8s.io/v1 CRDs only (v1beta1 is gone since Kubernetes 1.22)", a.crdVersions)
	}
	exceptions, err := parsePluralExceptions(a.pluralExceptions)
	if err != nil {
		return err
	}
	s.PluralExceptions = exceptions
	opts.Settings = s
	return nil
}

// parsePluralExceptions reads client-gen's Kind:Plural,Kind:Plural.
func parsePluralExceptions(text string) (map[string]string, error) {
	if text == "" {
		return nil, nil
	}
	out := map[string]string{}
	for _, pair := range strings.Split(text, ",") {
		kind, plural, ok := strings.Cut(strings.TrimSpace(pair), ":")
		if !ok || kind == "" || plural == "" {
			return nil, fmt.Errorf("--plural-exceptions: want Kind:Plural, got %q", pair)
		}
		if old, dup := out[kind]; dup && old != plural {
			return nil, fmt.Errorf("--plural-exceptions: %s is given two plurals, %s and %s", kind, old, plural)
		}
		out[kind] = plural
	}
	return out, nil
}
