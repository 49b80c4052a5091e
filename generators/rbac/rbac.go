// Package rbac writes the ClusterRole, and a Role per namespace, that the
// +kubebuilder:rbac markers of a run ask for, as controller-gen v0.23.0's
// rbac generator does (sigs.k8s.io/controller-tools/pkg/rbac).
//
// # Where markers are read
//
// From every package of the run, controllers included, where controller-gen
// reads package markers: the package clause's comments and the comment
// groups outside declarations that are no doc comment (kubebuilder writes
// them a blank line above Reconcile's doc). A marker in a doc comment,
// which controller-gen silently ignores, is an error here. Only comments
// are read: a run of rbac and webhook alone type-checks nothing.
//
// # What is written
//
// role.yaml (--rbac-file-name) in config/rbac at the module root, or in
// --rbac-dir, for all the run's rules, as controller-gen writes one file;
// without the flag, a package with +metagen:rbac-dir sends its rules to a
// role.yaml of their own in that directory (each example or controller of
// a module ships its role). In each file the rules of each
// namespace and role name (roleName=…, else --rbac-role-name, default
// manager-role) merged, deduplicated and sorted exactly as controller-gen
// does, the ClusterRole first, then Roles by namespace. Rules the real
// kube-apiserver would refuse (no group or no resource on a resource rule,
// URLs with resources or in a namespace, a bad namespace or role name) and
// verbs that are near misses of RBAC's (gett, List) are errors at the
// marker, and nothing is written.
package rbac

import (
	"fmt"
	"slices"
	"strings"

	rbacv1 "k8s.io/api/rbac/v1"
	"k8s.io/apimachinery/pkg/api/validation/path"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/util/validation"

	"github.com/metagen-dev/metagen/generators/diag"
	"github.com/metagen-dev/metagen/generators/gen"
	"github.com/metagen-dev/metagen/generators/manifest"
	"github.com/metagen-dev/metagen/generators/markers"
	"github.com/metagen-dev/metagen/generators/model"
)

// The generator's options (metagen generate --rbac-dir …).
var (
	OptionDir      = &gen.Option{Name: "rbac-dir", Path: true, Usage: "directory of the RBAC manifest (controller-gen's output:rbac:artifacts:config; default config/rbac at the module root)"}
	OptionRoleName = &gen.Option{Name: "rbac-role-name", Usage: "name of the generated ClusterRole and Roles without roleName=… (controller-gen's rbac:roleName; default manager-role)"}
	OptionFileName = &gen.Option{Name: "rbac-file-name", Usage: "file name of the RBAC manifest (controller-gen's rbac:fileName; default role.yaml)"}
	OptionHeader   = &gen.Option{Name: "rbac-header-file", Path: true, Usage: "file of YAML # comments to put above the RBAC manifest's documents (controller-gen's rbac:headerFile)"}
)

const (
	defaultRoleName = "manager-role"
	defaultFileName = "role.yaml"
)

var output = manifest.Output{Dir: OptionDir, HeaderFile: OptionHeader, DirMarker: markers.MetagenRBACDir.Name, DefaultDir: "config/rbac"}

// Generator writes the RBAC manifest.
var Generator = &gen.Generator{
	Name: "rbac",
	Doc: "ClusterRole and Roles (config/rbac/role.yaml) from +kubebuilder:rbac markers in any package, merged and sorted as controller-gen's rbac generator does. " +
		"Flags: --rbac-dir, --rbac-role-name (default manager-role), --rbac-file-name (default role.yaml), --rbac-header-file.",
	Markers:      []markers.Definer{markers.KBRBAC, markers.MetagenRBACDir},
	Options:      []*gen.Option{OptionDir, OptionRoleName, OptionFileName, OptionHeader},
	CommentsOnly: true,
	// Every package may carry rules (Enabled nil: every package); the
	// manifest belongs to the run.
	RunAll:     run,
	OwnedFiles: func(universe *model.Universe) []string { return output.Owned(universe, fileName(universe)) },
}

func fileName(universe *model.Universe) string {
	if name := OptionFileName.Value(universe.Settings); name != "" {
		return name
	}
	return defaultFileName
}

func run(pass *gen.Pass) error {
	return output.Write(pass, fileName(pass.Universe), func(found markers.Set) ([]any, []error) { return Roles(pass.Universe, found) }, markers.KBRBAC.Name)
}

// Roles are the ClusterRole and Roles the markers ask for, in
// controller-gen's order: by namespace ("" first), then role name.
func Roles(universe *model.Universe, found markers.Set) ([]any, []error) {
	var errs []error
	defaultName := OptionRoleName.Value(universe.Settings)
	if defaultName == "" {
		defaultName = defaultRoleName
	}
	byRole := map[roleKey][]*rule{}
	for _, m := range found {
		r, ok := markers.Value[markers.RBACRule](m)
		if !ok {
			continue // refused where the marker was parsed, and reported there
		}
		if problems := check(r); len(problems) > 0 {
			for _, p := range problems {
				errs = append(errs, diag.Errorf(m.Pos, "+%s: %s", m.Name, p))
			}
			continue
		}
		key := roleKey{namespace: r.Namespace, name: r.RoleName}
		if key.name == "" {
			key.name = defaultName
		}
		byRole[key] = append(byRole[key], split(r)...)
	}
	if len(errs) > 0 {
		return nil, errs
	}
	keys := make([]roleKey, 0, len(byRole))
	for key := range byRole {
		keys = append(keys, key)
	}
	slices.SortFunc(keys, func(a, b roleKey) int {
		if a.namespace != b.namespace {
			return strings.Compare(a.namespace, b.namespace)
		}
		return strings.Compare(a.name, b.name)
	})
	var objects []any
	for _, key := range keys {
		rules := normalize(byRole[key])
		if len(rules) == 0 {
			continue
		}
		typeMeta := metav1.TypeMeta{APIVersion: rbacv1.SchemeGroupVersion.String(), Kind: "ClusterRole"}
		if key.namespace == "" {
			objects = append(objects, rbacv1.ClusterRole{TypeMeta: typeMeta, ObjectMeta: metav1.ObjectMeta{Name: key.name}, Rules: rules})
			continue
		}
		typeMeta.Kind = "Role"
		objects = append(objects, rbacv1.Role{TypeMeta: typeMeta, ObjectMeta: metav1.ObjectMeta{Name: key.name, Namespace: key.namespace}, Rules: rules})
	}
	return objects, nil
}

type roleKey struct{ namespace, name string }

// knownVerbs are the verbs kube-apiserver's authorizers check: the request
// verbs of resources and of non-resource URLs, and the special ones (use,
// bind, escalate, impersonate, approve, sign, attest).
var knownVerbs = []string{
	"*", "get", "list", "watch", "create", "update", "patch", "delete", "deletecollection",
	"post", "put", "head", "options",
	"use", "bind", "escalate", "impersonate", "approve", "sign", "attest",
}

// check finds what kube-apiserver's RBAC validation would refuse in the
// rule, and verbs that look like typos of RBAC's (verbs are free-form, so a
// verb far from every known one is someone's custom verb).
func check(r markers.RBACRule) []string {
	var problems []string
	if len(r.Verbs) == 0 {
		problems = append(problems, "verbs is empty: a rule grants at least one verb")
	}
	for _, verb := range r.Verbs {
		if slices.Contains(knownVerbs, verb) {
			continue
		}
		if near := nearVerb(verb); near != "" {
			problems = append(problems, fmt.Sprintf("verb %q is not an RBAC verb (did you mean %q?)", verb, near))
		}
	}
	switch {
	case len(r.URLs) > 0:
		if r.Namespace != "" {
			problems = append(problems, fmt.Sprintf("urls=%s in namespace %q: non-resource URLs are granted by a ClusterRole only", strings.Join(r.URLs, ";"), r.Namespace))
		}
		if len(r.Groups) > 0 || len(r.Resources) > 0 {
			problems = append(problems, "a rule grants either resources (groups=…,resources=…) or non-resource urls=…, not both")
		}
	case len(r.Groups) == 0:
		problems = append(problems, `a resource rule needs groups=… (groups="" or groups=core for the core group)`)
	case len(r.Resources) == 0:
		problems = append(problems, "a resource rule needs resources=… (resources=* for all)")
	}
	if r.Namespace != "" {
		for _, msg := range validation.IsDNS1123Label(r.Namespace) {
			problems = append(problems, fmt.Sprintf("namespace %q: %s", r.Namespace, msg))
		}
	}
	if r.RoleName != "" {
		for _, msg := range path.IsValidPathSegmentName(r.RoleName) {
			problems = append(problems, fmt.Sprintf("roleName %q: %s", r.RoleName, msg))
		}
	}
	return problems
}

// nearVerb is the known verb that verb misspells, or "".
func nearVerb(verb string) string {
	lower := strings.ToLower(verb)
	if lower != verb && slices.Contains(knownVerbs, lower) {
		return lower // RBAC verbs are lower case and compared exactly
	}
	for _, known := range knownVerbs[1:] {
		if markers.EditDistance(lower, known) <= max(1, len(known)/4) {
			return known
		}
	}
	return ""
}
