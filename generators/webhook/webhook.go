// Package webhook writes the MutatingWebhookConfiguration and
// ValidatingWebhookConfiguration that the +kubebuilder:webhook markers of a
// run describe, as controller-gen v0.23.0's webhook generator does
// (sigs.k8s.io/controller-tools/pkg/webhook).
//
// Markers are read where controller-gen reads package markers (see package
// rbac), from every package of the run. manifests.yaml goes to
// config/webhook at the module root, or to --webhook-dir, for the whole run;
// without the flag, a package with +metagen:webhook-dir sends its webhooks
// to a manifests.yaml of their own there. Each holds the mutating
// configuration, then the validating one, each
// with its webhooks sorted by name, named by +kubebuilder:webhookconfiguration
// or mutating-webhook-configuration and validating-webhook-configuration.
// A webhook served by a path goes to the Service webhook-service in
// namespace system unless serviceName=…, serviceNamespace=… say otherwise;
// patch=`{…}` is a strategic merge patch over the webhook, for the fields
// without a marker argument (namespaceSelector, objectSelector,
// matchConditions).
//
// What controller-gen refuses is an error at the marker here too; so is
// what it passes through for kube-apiserver to refuse: a failurePolicy,
// sideEffects, reinvocationPolicy or verb outside the API's values, a
// webhook name of fewer than three DNS segments, two webhooks of one name.
package webhook

import (
	"fmt"
	"slices"
	"strings"

	admissionregv1 "k8s.io/api/admissionregistration/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/util/validation"

	"github.com/metagen-dev/metagen/generators/diag"
	"github.com/metagen-dev/metagen/generators/gen"
	"github.com/metagen-dev/metagen/generators/manifest"
	"github.com/metagen-dev/metagen/generators/markers"
	"github.com/metagen-dev/metagen/generators/model"
)

// The generator's options (metagen generate --webhook-dir …).
var (
	OptionDir    = &gen.Option{Name: "webhook-dir", Path: true, Usage: "directory of the webhook manifest (controller-gen's output:webhook:artifacts:config; default config/webhook at the module root)"}
	OptionHeader = &gen.Option{Name: "webhook-header-file", Path: true, Usage: "file of YAML # comments to put above the webhook manifest's documents (controller-gen's webhook:headerFile)"}
)

const fileName = "manifests.yaml"

var output = manifest.Output{Dir: OptionDir, HeaderFile: OptionHeader, DirMarker: markers.MetagenWebhookDir.Name, DefaultDir: "config/webhook"}

// Generator writes the webhook manifest.
var Generator = &gen.Generator{
	Name: "webhook",
	Doc: "MutatingWebhookConfiguration and ValidatingWebhookConfiguration (config/webhook/manifests.yaml) from +kubebuilder:webhook markers in any package, as controller-gen's webhook generator writes them. " +
		"Flags: --webhook-dir, --webhook-header-file.",
	Markers:      []markers.Definer{markers.KBWebhook, markers.KBWebhookConfiguration, markers.MetagenWebhookDir},
	Options:      []*gen.Option{OptionDir, OptionHeader},
	CommentsOnly: true,
	RunAll:       run, // every package may carry webhooks; the manifest belongs to the run
	OwnedFiles:   func(universe *model.Universe) []string { return output.Owned(universe, fileName) },
}

func run(pass *gen.Pass) error {
	return output.Write(pass, fileName, Configurations, markers.KBWebhook.Name, markers.KBWebhookConfiguration.Name)
}

// Configurations are the mutating and the validating configuration the
// markers describe, those that have webhooks, in that order.
func Configurations(found markers.Set) ([]any, []error) {
	var errs []error
	names := configurationNames{mutating: "mutating-webhook-configuration", validating: "validating-webhook-configuration"}
	var mutating []admissionregv1.MutatingWebhook
	var validating []admissionregv1.ValidatingWebhook
	seen := map[bool]map[string]markers.Marker{true: {}, false: {}}
	for _, m := range found {
		if markers.KBWebhookConfiguration.Is(m) {
			errs = append(errs, names.set(m)...)
			continue
		}
		w, ok := markers.Value[markers.Webhook](m)
		if !ok {
			continue // refused where the marker was parsed, and reported there
		}
		if first, dup := seen[w.Mutating][w.Name]; dup {
			errs = append(errs, diag.Errorf(m.Pos, "+%s: a second webhook named %q (the first is at %s): names are unique within a configuration", m.Name, w.Name, first.Pos))
			continue
		}
		seen[w.Mutating][w.Name] = m
		built, problems := build(w)
		for _, p := range problems {
			errs = append(errs, diag.Errorf(m.Pos, "+%s: %s", m.Name, p))
		}
		if len(problems) > 0 {
			continue
		}
		if w.Mutating {
			mutating = append(mutating, built.(admissionregv1.MutatingWebhook))
		} else {
			validating = append(validating, built.(admissionregv1.ValidatingWebhook))
		}
	}
	if len(errs) > 0 {
		return nil, errs
	}
	var objects []any
	typeMeta := func(kind string) metav1.TypeMeta {
		return metav1.TypeMeta{APIVersion: admissionregv1.SchemeGroupVersion.String(), Kind: kind}
	}
	if len(mutating) > 0 {
		slices.SortFunc(mutating, func(a, b admissionregv1.MutatingWebhook) int { return strings.Compare(a.Name, b.Name) })
		objects = append(objects, admissionregv1.MutatingWebhookConfiguration{
			TypeMeta: typeMeta("MutatingWebhookConfiguration"), ObjectMeta: metav1.ObjectMeta{Name: names.mutating}, Webhooks: mutating})
	}
	if len(validating) > 0 {
		slices.SortFunc(validating, func(a, b admissionregv1.ValidatingWebhook) int { return strings.Compare(a.Name, b.Name) })
		objects = append(objects, admissionregv1.ValidatingWebhookConfiguration{
			TypeMeta: typeMeta("ValidatingWebhookConfiguration"), ObjectMeta: metav1.ObjectMeta{Name: names.validating}, Webhooks: validating})
	}
	return objects, nil
}

// configurationNames are the names of the two configurations, and the
// +kubebuilder:webhookconfiguration markers that chose them.
type configurationNames struct {
	mutating, validating string
	chosenBy             map[bool]markers.Marker
}

func (n *configurationNames) set(m markers.Marker) []error {
	c, ok := markers.Value[markers.WebhookConfiguration](m)
	if !ok {
		return nil // refused where the marker was parsed, and reported there
	}
	if n.chosenBy == nil {
		n.chosenBy = map[bool]markers.Marker{}
	}
	if first, ok := n.chosenBy[c.Mutating]; ok {
		return []error{diag.Errorf(m.Pos, "+%s: the %s configuration is already named at %s", m.Name, kindWord(c.Mutating), first.Pos)}
	}
	if c.Name == "" {
		return nil // controller-gen keeps the default name then
	}
	if msgs := validation.IsDNS1123Subdomain(c.Name); len(msgs) > 0 {
		return []error{diag.Errorf(m.Pos, "+%s: name %q: %s", m.Name, c.Name, msgs[0])}
	}
	n.chosenBy[c.Mutating] = m
	if c.Mutating {
		n.mutating = c.Name
	} else {
		n.validating = c.Name
	}
	return nil
}

func kindWord(mutating bool) string {
	if mutating {
		return "mutating"
	}
	return "validating"
}

// build makes the webhook as controller-gen's ToMutatingWebhook or
// ToValidatingWebhook does, and checks it as its Generate and kube-apiserver do.
func build(w markers.Webhook) (any, []string) {
	var problems []string
	add := func(format string, args ...any) { problems = append(problems, fmt.Sprintf(format, args...)) }

	failurePolicy, ok := lookupFold(w.FailurePolicy, admissionregv1.Fail, admissionregv1.Ignore)
	if !ok {
		add("failurePolicy %q is not Fail or Ignore", w.FailurePolicy)
	}
	var matchPolicy *admissionregv1.MatchPolicyType
	if w.MatchPolicy != "" {
		value, ok := lookupFold(w.MatchPolicy, admissionregv1.Exact, admissionregv1.Equivalent)
		if !ok {
			add("matchPolicy %q is not Exact or Equivalent", w.MatchPolicy)
		}
		matchPolicy = &value
	}
	sideEffects, ok := lookupFold(w.SideEffects, admissionregv1.SideEffectClassNone, admissionregv1.SideEffectClassNoneOnDryRun)
	switch {
	case w.SideEffects == "":
		add("sideEffects is required for v1 webhook configurations: None or NoneOnDryRun")
	case !ok:
		add("sideEffects %q is not None or NoneOnDryRun (v1 webhook configurations refuse Some and Unknown)", w.SideEffects)
	}
	var timeout *int32
	if w.TimeoutSeconds != 0 {
		if w.TimeoutSeconds < 1 || w.TimeoutSeconds > 30 {
			add("timeoutSeconds=%d: it must be between 1 and 30", w.TimeoutSeconds)
		}
		t := int32(w.TimeoutSeconds)
		timeout = &t
	}
	if len(w.AdmissionReviewVersions) == 0 {
		add("admissionReviewVersions is mandatory for v1 webhook configurations (admissionReviewVersions=v1)")
	} else if !slices.Contains(w.AdmissionReviewVersions, "v1") && !slices.Contains(w.AdmissionReviewVersions, "v1beta1") {
		add("admissionReviewVersions=%s: kube-apiserver wants at least one of v1, v1beta1", strings.Join(w.AdmissionReviewVersions, ";"))
	}
	for _, version := range w.WebhookVersions {
		if version != "v1" {
			add("webhookVersions: unsupported webhook version %q (only v1)", version)
		}
	}
	if msgs := validation.IsDNS1123Subdomain(w.Name); len(msgs) > 0 || strings.Count(w.Name, ".") < 2 {
		add("name %q: a webhook name is a domain of at least three segments, like %s", w.Name, "myresource.mygroup.example.com")
	}
	operations, verbProblems := operationsOf(w.Verbs)
	problems = append(problems, verbProblems...)
	clientConfig, err := clientConfigOf(w)
	if err != nil {
		add("%v", err)
	}
	var reinvocation *admissionregv1.ReinvocationPolicyType
	if w.ReinvocationPolicy != "" {
		value, ok := lookupFold(w.ReinvocationPolicy, admissionregv1.NeverReinvocationPolicy, admissionregv1.IfNeededReinvocationPolicy)
		switch {
		case !ok:
			add("reinvocationPolicy %q is not Never or IfNeeded", w.ReinvocationPolicy)
		case !w.Mutating:
			add("reinvocationPolicy applies to mutating webhooks; controller-gen drops it from a validating one")
		}
		reinvocation = &value
	}
	if len(problems) > 0 {
		return nil, problems
	}
	groups := slices.Clone(w.Groups)
	for i, group := range groups {
		if group == "core" {
			groups[i] = ""
		}
	}
	rules := []admissionregv1.RuleWithOperations{{
		Operations: operations,
		Rule:       admissionregv1.Rule{APIGroups: groups, APIVersions: w.Versions, Resources: w.Resources},
	}}
	var built any
	if w.Mutating {
		hook := admissionregv1.MutatingWebhook{
			Name: w.Name, Rules: rules, FailurePolicy: &failurePolicy, MatchPolicy: matchPolicy, ClientConfig: clientConfig,
			SideEffects: &sideEffects, TimeoutSeconds: timeout, AdmissionReviewVersions: w.AdmissionReviewVersions, ReinvocationPolicy: reinvocation,
		}
		err = applyPatch(&hook, w.Patch)
		built = hook
	} else {
		hook := admissionregv1.ValidatingWebhook{
			Name: w.Name, Rules: rules, FailurePolicy: &failurePolicy, MatchPolicy: matchPolicy, ClientConfig: clientConfig,
			SideEffects: &sideEffects, TimeoutSeconds: timeout, AdmissionReviewVersions: w.AdmissionReviewVersions,
		}
		err = applyPatch(&hook, w.Patch)
		built = hook
	}
	if err != nil {
		return nil, []string{err.Error()}
	}
	return built, nil
}

// lookupFold finds value among the allowed ones, ignoring case, as
// controller-gen reads these arguments.
func lookupFold[T ~string](value string, allowed ...T) (T, bool) {
	for _, a := range allowed {
		if strings.EqualFold(value, string(a)) {
			return a, true
		}
	}
	return T(value), false
}

// operationsOf turns verbs (create, update, …, any case) into operations.
func operationsOf(verbs []string) ([]admissionregv1.OperationType, []string) {
	var problems []string
	operations := make([]admissionregv1.OperationType, len(verbs))
	for i, verb := range verbs {
		op, ok := lookupFold(verb, admissionregv1.Create, admissionregv1.Update, admissionregv1.Delete, admissionregv1.Connect, admissionregv1.OperationAll)
		if !ok {
			problems = append(problems, fmt.Sprintf("verb %q is not an admission operation (create, update, delete, connect or *)", verb))
		}
		operations[i] = op
	}
	if len(verbs) == 0 {
		problems = append(problems, "verbs is empty: want create, update, delete, connect or *")
	}
	return operations, problems
}

const (
	defaultServiceName      = "webhook-service"
	defaultServiceNamespace = "system"
)

// clientConfigOf is controller-gen's clientConfig: a path on the webhook
// Service, or a URL.
func clientConfigOf(w markers.Webhook) (admissionregv1.WebhookClientConfig, error) {
	if (w.Path != "") == (w.URL != "") {
		return admissionregv1.WebhookClientConfig{}, fmt.Errorf("give one of path=… (served by the webhook Service) and url=…")
	}
	if w.URL != "" {
		if !strings.HasPrefix(w.URL, "https://") {
			return admissionregv1.WebhookClientConfig{}, fmt.Errorf("url %q: kube-apiserver calls webhooks over https only", w.URL)
		}
		url := w.URL
		return admissionregv1.WebhookClientConfig{URL: &url}, nil
	}
	if !strings.HasPrefix(w.Path, "/") {
		return admissionregv1.WebhookClientConfig{}, fmt.Errorf("path %q must start with '/'", w.Path)
	}
	service := &admissionregv1.ServiceReference{Name: defaultServiceName, Namespace: defaultServiceNamespace, Port: w.ServicePort}
	if w.ServiceName != "" {
		service.Name = w.ServiceName
	}
	if w.ServiceNamespace != "" {
		service.Namespace = w.ServiceNamespace
	}
	path := w.Path
	service.Path = &path
	return admissionregv1.WebhookClientConfig{Service: service}, nil
}
