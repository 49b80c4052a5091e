package lint

import (
	"errors"
	"go/types"
	"maps"
	"slices"
	"strings"

	apiservercel "k8s.io/apiserver/pkg/cel"

	"github.com/google/cel-go/common"
	"github.com/google/cel-go/common/ast"
	"github.com/google/cel-go/parser"

	"github.com/metagen-dev/metagen/generators/diag"
	"github.com/metagen-dev/metagen/generators/gen"
	"github.com/metagen-dev/metagen/generators/load"
	"github.com/metagen-dev/metagen/generators/markers"
	"github.com/metagen-dev/metagen/generators/model"
	"github.com/metagen-dev/metagen/generators/openapi"
)

// CEL is lint's check of the +kubebuilder:validation:XValidation rules of
// a package that writes no CRD (the crd generator checks them in the CRD
// when it does), declared as a generator that requires openapi: the
// schemas it compiles the rules in are the run's openapi result, built once
// whether crd, client or this check needs them first. The pipeline runs it
// whatever -g says, beside Check; it writes nothing.
var CEL = &gen.Generator{
	Name:     "lint-cel",
	Doc:      "checks the CEL rules of packages that write no CRD as kube-apiserver would on CRD create",
	Markers:  []markers.Definer{markers.KBValidationXValidation},
	Enabled:  hasRulesWithoutCRD,
	Requires: []*gen.Generator{openapi.Generator},
	Run: func(pass *gen.Pass) error {
		return errors.Join(celRules(gen.ResultOf[*openapi.Result](pass, openapi.Generator), pass.Package)...)
	},
}

// hasRulesWithoutCRD: a package that writes no CRD and has a type with rules
// of its own; only those need the openapi result.
func hasRulesWithoutCRD(pkg *model.Package) bool {
	if markers.MetagenCRDDir.Has(pkg.Markers) {
		return false
	}
	return slices.ContainsFunc(pkg.NamedTypes, func(t *model.Type) bool { return len(ownRules(t)) > 0 })
}

// celRules checks the rules of one package that writes no CRD. Each type's
// rules are compiled and costed as kube-apiserver does on CRD create
// (compileRules); where a type has no structural schema, each rule must at
// least parse as CEL (cel-go's parser, with its macros) and a field it
// selects on self must be one the type has.
func celRules(schemas *openapi.Result, pkg *model.Package) []error {
	var problems []error
	for _, t := range pkg.NamedTypes {
		if len(ownRules(t)) == 0 {
			continue
		}
		if compiled, ok := compileRules(schemas, t); ok {
			problems = append(problems, compiled...)
			continue
		}
		problems = append(problems, rulesOn(t.Markers, t.Object.Type(), "type "+t.Name)...)
		for _, f := range t.Fields {
			problems = append(problems, rulesOn(f.Markers, f.Type(), "field "+f.GoName)...)
		}
	}
	return problems
}

func rulesOn(set markers.Set, self types.Type, what string) []error {
	var problems []error
	for _, m := range markers.KBValidationXValidation.Markers(set) {
		rule, ok := markers.Value[markers.XValidation](m)
		if !ok {
			continue // refused at load
		}
		problems = append(problems, checkRule(m, rule.Rule, self, what)...)
	}
	return problems
}

var celParser, _ = parser.NewParser(parser.Macros(parser.AllMacros...))

func checkRule(m markers.Marker, rule string, self types.Type, what string) []error {
	parsed, errs := celParser.Parse(common.NewTextSource(rule))
	if errs != nil && len(errs.GetErrors()) > 0 {
		first := errs.GetErrors()[0]
		return []error{diag.Errorf(m.Pos, "%s: rule %q does not compile: column %d: %s", m.String(), rule, first.Location.Column()+1, first.Message)}
	}
	named := load.StructBehind(self)
	if named == nil {
		return nil // a map's keys, a list's methods: only the schema can say
	}
	fields := jsonPropertiesOf(named)
	var problems []error
	seen := map[string]bool{}
	ast.PreOrderVisit(parsed.Expr(), ast.NewExprVisitor(func(e ast.Expr) {
		if e.Kind() != ast.SelectKind {
			return
		}
		sel := e.AsSelect()
		if sel.Operand().Kind() != ast.IdentKind || sel.Operand().AsIdent() != "self" {
			return
		}
		name := sel.FieldName()
		if unescaped, ok := apiservercel.Unescape(name); ok {
			// kube-apiserver's escaping of property names that are CEL
			// keywords or not identifiers: self.__namespace__ is namespace
			name = unescaped
		}
		if fields[name] || seen[name] {
			return
		}
		seen[name] = true
		target := what
		if !strings.HasPrefix(what, "type ") {
			target += " (type " + named.Obj().Name() + ")"
		}
		problems = append(problems, diag.Errorf(m.Pos, "%s: rule %q selects self.%s, but %s has no field with the JSON name %q (it has %s)",
			m.String(), rule, name, target, name, strings.Join(slices.Sorted(maps.Keys(fields)), ", ")))
	}))
	return problems
}

// jsonPropertiesOf is the set of JSON names a struct serializes, inline
// members flattened.
func jsonPropertiesOf(named *types.Named) map[string]bool {
	out := map[string]bool{}
	for _, field := range model.FieldsOf(named.Underlying().(*types.Struct)) {
		for _, s := range properties(field, 0, map[*types.Named]bool{named: true}) {
			out[s.name] = true
		}
	}
	return out
}
