package openapi

import (
	"sort"
	"strconv"

	"github.com/metagen-dev/metagen/generators/markers"
)

// celKeys are the fields of an x-kubernetes-validations rule.
var celKeys = map[string]bool{"rule": true, "message": true, "messageExpression": true, "reason": true, "fieldPath": true, "optionalOldSelf": true}

// addCELRule appends a +kubebuilder:validation:XValidation rule to the
// schema's x-kubernetes-validations, remembering where it was written.
func (b *builder) addCELRule(s *schema, m markers.Marker) {
	args, err := markers.ParseArgs(m.Args)
	if err != nil {
		b.errorf(m.Pos, "+kubebuilder:validation:XValidation: %v", err)
		return
	}
	rule := map[string]any{}
	for _, key := range sortedKeys(args) {
		if !celKeys[key] {
			b.errorf(m.Pos, "+kubebuilder:validation:XValidation: unknown argument %q (want one of %s)", key, quoteList(sortedCELKeys()))
			return
		}
		rule[key] = args[key]
	}
	if rule["rule"] == nil || rule["rule"] == "" {
		b.errorf(m.Pos, "+kubebuilder:validation:XValidation needs rule=…")
		return
	}
	if v, ok := args["optionalOldSelf"]; ok {
		parsed, err := strconv.ParseBool(v)
		if err != nil {
			b.errorf(m.Pos, "+kubebuilder:validation:XValidation: optionalOldSelf wants true or false")
			return
		}
		rule["optionalOldSelf"] = parsed
	}
	if reason, ok := args["reason"]; ok && !validReasons[reason] {
		b.errorf(m.Pos, "+kubebuilder:validation:XValidation: reason %q is not one of %s", reason, quoteList(sortedKeys(validReasons)))
		return
	}
	rules, _ := s.extension("x-kubernetes-validations")
	list, _ := rules.([]any)
	s.setExtension("x-kubernetes-validations", append(list, rule))
	s.RulePos = append(s.RulePos, rulePos{Index: len(list), Pos: m.Pos})
}

var validReasons = map[string]bool{"FieldValueInvalid": true, "FieldValueForbidden": true, "FieldValueRequired": true, "FieldValueDuplicate": true}

func sortedCELKeys() []string {
	keys := make([]string, 0, len(celKeys))
	for k := range celKeys {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}
