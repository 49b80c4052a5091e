package client

import (
	"encoding/json"
	"fmt"
	"go/types"
	"sync"

	openapiv2 "github.com/google/gnostic-models/openapiv2"
	yaml "go.yaml.in/yaml/v2"
	"k8s.io/kube-openapi/pkg/schemaconv"
	"k8s.io/kube-openapi/pkg/util/proto"
	"k8s.io/kube-openapi/pkg/validation/spec"

	"github.com/metagen-dev/metagen/generators/gen"
	"github.com/metagen-dev/metagen/generators/openapi"
)

// applySchema is the structured-merge-diff schema of a clientset's types:
// what applyconfiguration-gen writes into internal/internal.go from the
// OpenAPI document it is given (--openapi-schema), here built from the
// loaded types by the openapi generator's rules.
type applySchema struct {
	yaml string
	// names are the type names of the +genclient types in the schema.
	names map[*types.TypeName]string
}

// lazySchema is one clientset's apply schema, built once per run.
type lazySchema struct {
	once   sync.Once
	schema *applySchema
	err    error
}

// applySchemaFor builds the clientset's schema once per run, for the pass
// that writes internal.go and for those whose Extract functions name types,
// from the openapi generator's result.
func applySchemaFor(pass *gen.Pass, cs *clientset) (*applySchema, error) {
	return planFor(pass).schemas[cs.Dir].get(gen.ResultOf[*openapi.Result](pass, openapi.Generator), cs)
}

// get builds the schema on the first call and returns it.
func (lazy *lazySchema) get(definitions *openapi.Result, cs *clientset) (*applySchema, error) {
	lazy.once.Do(func() {
		lazy.schema, lazy.err = buildApplySchema(definitions, cs)
	})
	return lazy.schema, lazy.err
}

// startApplySchemas builds the schema of every clientset with apply
// configurations in the background, from the run's Prepare: a schema of all
// of k8s.io/api takes a few tenths of a CPU-second, and built by the first
// pass that needs it, it kept the other passes that need it waiting in their
// slots, a core idle. The passes still wait for it (get), but later, and
// write what needs no schema first (run).
func (p *plan) startApplySchemas(definitions *openapi.Result) {
	if definitions == nil {
		return // the openapi generator's Prepare failed; the passes report it
	}
	started := map[string]bool{}
	for _, byPackage := range []map[string]*clientset{p.byPackage, p.acByPackage} {
		for _, cs := range byPackage {
			if cs.hasApplyConfigurations() && !started[cs.Dir] {
				started[cs.Dir] = true
				go p.schemas[cs.Dir].get(definitions, cs)
			}
		}
	}
}

// buildApplySchema describes every +genclient type of the clientset, not
// only those with apply verbs as applyconfiguration-gen does: the fake
// clientset's field manager converts every object it stores, and fails on a
// type the schema does not know.
func buildApplySchema(definitions *openapi.Result, cs *clientset) (*applySchema, error) {
	var roots []*types.TypeName
	for _, gv := range cs.Groups {
		for _, ct := range gv.Types {
			roots = append(roots, ct.T.Object)
		}
		roots = append(roots, gv.SchemaRoots...)
	}
	defs := definitions.DefinitionsOf(roots)
	text, err := smdYAML(defs.Schemas)
	if err != nil {
		return nil, fmt.Errorf("%s: the schema of the apply configurations: %w", cs.PkgPath, err)
	}
	return &applySchema{yaml: text, names: defs.Names}, nil
}

// smdYAML converts OpenAPI definitions as applyconfiguration-gen does: into
// a Swagger document, through kube-openapi's proto models (which check every
// reference) and schemaconv, to YAML.
func smdYAML(definitions map[string]spec.Schema) (string, error) {
	doc := &spec.Swagger{SwaggerProps: spec.SwaggerProps{
		Swagger:     "2.0",
		Info:        &spec.Info{InfoProps: spec.InfoProps{Title: "apply configurations", Version: "unversioned"}},
		Paths:       &spec.Paths{Paths: map[string]spec.PathItem{}},
		Definitions: definitions,
	}}
	raw, err := json.Marshal(doc)
	if err != nil {
		return "", err
	}
	document, err := openapiv2.ParseDocument(raw)
	if err != nil {
		return "", err
	}
	models, err := proto.NewOpenAPIData(document)
	if err != nil {
		return "", err
	}
	schema, err := schemaconv.ToSchema(models)
	if err != nil {
		return "", err
	}
	out, err := yaml.Marshal(schema)
	if err != nil {
		return "", err
	}
	return string(out), nil
}
