package openapi

import (
	"github.com/metagen-dev/metagen/generators/markers"
)

// addCELRule appends a +kubebuilder:validation:XValidation rule to the
// schema's x-kubernetes-validations, remembering where it was written.
func (b *builder) addCELRule(s *schema, m markers.Marker) {
	x, ok := markers.Value[markers.XValidation](m)
	if !ok {
		b.refused(m)
		return
	}
	rule := map[string]any{"rule": x.Rule}
	for key, value := range map[string]*string{"message": x.Message, "messageExpression": x.MessageExpression, "reason": x.Reason, "fieldPath": x.FieldPath} {
		if value != nil {
			rule[key] = *value
		}
	}
	if x.OptionalOldSelf != nil {
		rule["optionalOldSelf"] = *x.OptionalOldSelf
	}
	rules, _ := s.extension("x-kubernetes-validations")
	list, _ := rules.([]any)
	s.setExtension("x-kubernetes-validations", append(list, rule))
	s.RulePos = append(s.RulePos, rulePos{Index: len(list), Pos: m.Pos})
}
