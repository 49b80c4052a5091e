package compat

import (
	"fmt"
	"maps"
	"regexp"
	"slices"
	"strings"

	"k8s.io/kube-openapi/pkg/validation/spec"
)

// validation compares the value checks of one node: a check added or made
// stricter rejects values clients send today; one removed or loosened is
// compatible.
func (c *comparer) validation(o, n *spec.Schema, at nodeCtx) {
	c.upper(at, "maximum", o.Maximum, o.ExclusiveMaximum, n.Maximum, n.ExclusiveMaximum)
	c.lower(at, "minimum", o.Minimum, o.ExclusiveMinimum, n.Minimum, n.ExclusiveMinimum)
	c.upper(at, "maxLength", intBound(o.MaxLength), false, intBound(n.MaxLength), false)
	c.lower(at, "minLength", intBound(o.MinLength), false, intBound(n.MinLength), false)
	c.upper(at, "maxItems", intBound(o.MaxItems), false, intBound(n.MaxItems), false)
	c.lower(at, "minItems", intBound(o.MinItems), false, intBound(n.MinItems), false)
	c.upper(at, "maxProperties", intBound(o.MaxProperties), false, intBound(n.MaxProperties), false)
	c.lower(at, "minProperties", intBound(o.MinProperties), false, intBound(n.MinProperties), false)
	switch {
	case o.MultipleOf == nil && n.MultipleOf != nil:
		c.tightened(at, "multipleOf %v added", *n.MultipleOf)
	case o.MultipleOf != nil && n.MultipleOf == nil:
		c.loosened(at, "multipleOf %v removed", *o.MultipleOf)
	case o.MultipleOf != nil && *o.MultipleOf != *n.MultipleOf:
		if isMultiple(*o.MultipleOf, *n.MultipleOf) {
			c.loosened(at, "multipleOf changed from %v to %v (a divisor)", *o.MultipleOf, *n.MultipleOf)
		} else {
			c.tightened(at, "multipleOf changed from %v to %v", *o.MultipleOf, *n.MultipleOf)
		}
	}
	if !o.UniqueItems && n.UniqueItems {
		c.tightened(at, "uniqueItems added")
	} else if o.UniqueItems && !n.UniqueItems {
		c.loosened(at, "uniqueItems removed")
	}
	c.pattern(o.Pattern, n.Pattern, at)
	if isStringType(n) {
		switch {
		case o.Format == "" && n.Format != "":
			c.tightened(at, "format %q added", n.Format)
		case o.Format != "" && n.Format == "":
			c.loosened(at, "format %q removed", o.Format)
		case o.Format != n.Format:
			c.tightened(at, "format changed from %q to %q", o.Format, n.Format)
		}
	}
	c.enum(o.Enum, n.Enum, at)
}

func isStringType(s *spec.Schema) bool { return len(s.Type) == 1 && s.Type[0] == "string" }

func isMultiple(of, divisor float64) bool {
	if divisor == 0 {
		return false
	}
	q := of / divisor
	return q == float64(int64(q))
}

func intBound(p *int64) *float64 {
	if p == nil {
		return nil
	}
	v := float64(*p)
	return &v
}

func (c *comparer) tightened(at nodeCtx, format string, args ...any) {
	c.report(at, true, "validation-tightened", format, args...).Ratcheting = ratchet(at)
}

func (c *comparer) loosened(at nodeCtx, format string, args ...any) {
	c.report(at, false, "validation-loosened", format, args...)
}

// upper compares a maximum: lowered or added is stricter.
func (c *comparer) upper(at nodeCtx, name string, o *float64, oExcl bool, n *float64, nExcl bool) {
	c.limit(at, name, o, oExcl, n, nExcl, "lowered", "raised", func(a, b float64) bool { return a < b })
}

// lower compares a minimum: raised or added is stricter.
func (c *comparer) lower(at nodeCtx, name string, o *float64, oExcl bool, n *float64, nExcl bool) {
	c.limit(at, name, o, oExcl, n, nExcl, "raised", "lowered", func(a, b float64) bool { return a > b })
}

// limit compares one bound; stricter(new, old) says the new value allows
// less, and an exclusive bound allows less than an inclusive one.
func (c *comparer) limit(at nodeCtx, name string, o *float64, oExcl bool, n *float64, nExcl bool, tighter, looser string, stricter func(a, b float64) bool) {
	switch {
	case o == nil && n == nil:
	case o == nil:
		c.tightened(at, "%s %s added", name, bound(*n, nExcl))
	case n == nil:
		c.loosened(at, "%s %s removed", name, bound(*o, oExcl))
	case stricter(*n, *o) || *n == *o && nExcl && !oExcl:
		c.tightened(at, "%s %s from %s to %s", name, tighter, bound(*o, oExcl), bound(*n, nExcl))
	case stricter(*o, *n) || *n == *o && oExcl && !nExcl:
		c.loosened(at, "%s %s from %s to %s", name, looser, bound(*o, oExcl), bound(*n, nExcl))
	}
}

func bound(v float64, exclusive bool) string {
	if exclusive {
		return fmt.Sprintf("%v (exclusive)", v)
	}
	return fmt.Sprint(v)
}

// pattern: any new or changed pattern may reject values the old one
// accepted; only its removal is surely compatible.
func (c *comparer) pattern(o, n string, at nodeCtx) {
	switch {
	case o == n:
	case o == "":
		c.tightened(at, "pattern %q added", n)
	case n == "":
		c.loosened(at, "pattern %q removed", o)
	case widens(o, n):
		c.loosened(at, "pattern changed from %q to %q, which accepts everything the old one did", o, n)
	default:
		c.tightened(at, "pattern changed from %q to %q", o, n)
	}
}

// widens recognizes the one widening it can prove: the new pattern is the
// old one or'd with another (^(old|more)$ written as (old)|more).
func widens(o, n string) bool {
	if _, err := regexp.Compile(n); err != nil {
		return false
	}
	return strings.HasPrefix(n, "(?:"+o+")|") || strings.HasPrefix(n, "("+o+")|")
}

// enum: values removed, or an enum where there was none, reject values
// clients send today; values added are compatible, but clients that switch
// over the values should learn of them.
func (c *comparer) enum(o, n []any, at nodeCtx) {
	if len(o) == 0 && len(n) == 0 {
		return
	}
	if len(o) == 0 {
		c.report(at, true, "enum-added", "enum %s added: every other value is rejected now", values(n)).Ratcheting = ratchet(at)
		return
	}
	if len(n) == 0 {
		c.loosened(at, "enum %s removed", values(o))
		return
	}
	had, have := valueSet(o), valueSet(n)
	var removed, added []string
	for _, v := range slices.Sorted(maps.Keys(had)) {
		if !have[v] {
			removed = append(removed, v)
		}
	}
	for _, v := range slices.Sorted(maps.Keys(have)) {
		if !had[v] {
			added = append(added, v)
		}
	}
	if len(removed) > 0 {
		c.report(at, true, "enum-value-removed", "enum values removed: %s", strings.Join(removed, ", ")).Ratcheting = ratchet(at)
	}
	if len(added) > 0 {
		c.report(at, false, "enum-value-added", "enum values added: %s (clients that switch over the values should handle them)", strings.Join(added, ", "))
	}
}

func valueSet(vs []any) map[string]bool {
	out := map[string]bool{}
	for _, v := range vs {
		out[jsonText(v)] = true
	}
	return out
}

func values(vs []any) string {
	var out []string
	for _, v := range vs {
		out = append(out, jsonText(v))
	}
	return "[" + strings.Join(out, ", ") + "]"
}

// celRule is one x-kubernetes-validations entry.
type celRule struct {
	Rule, Message string
	Optional      bool // optionalOldSelf
}

func celRules(s *spec.Schema) []celRule {
	raw, _ := s.Extensions["x-kubernetes-validations"].([]any)
	var out []celRule
	for _, r := range raw {
		m, ok := r.(map[string]any)
		if !ok {
			continue
		}
		rule := celRule{}
		rule.Rule, _ = m["rule"].(string)
		rule.Message, _ = m["message"].(string)
		rule.Optional, _ = m["optionalOldSelf"].(bool)
		out = append(out, rule)
	}
	return out
}

var oldSelf = regexp.MustCompile(`\boldSelf\b`)

// rules compares CEL rules by their text. A new rule without oldSelf
// applies to every create and update: breaking, ratcheted on unchanged
// values. A new rule with oldSelf (a transition rule) is evaluated only on
// updates with an old value: compatible for stored objects, except the
// immutability rules, which refuse the updates clients make today.
func (c *comparer) rules(o, n *spec.Schema, at nodeCtx) {
	had := map[string]bool{}
	for _, r := range celRules(o) {
		had[normalizeRule(r.Rule)] = true
	}
	have := map[string]bool{}
	for _, r := range celRules(n) {
		have[normalizeRule(r.Rule)] = true
		if had[normalizeRule(r.Rule)] {
			continue
		}
		switch {
		case isImmutability(r.Rule):
			what := "the value may no longer change"
			if strings.HasPrefix(strings.ReplaceAll(r.Rule, " ", ""), "!has(oldSelf.") {
				what = "a field set once may no longer be removed"
			}
			c.report(at, true, "immutability-added", "rule %q added: %s", r.Rule, what).Ratcheting =
				"not ratcheted: transition rules (oldSelf) are checked on every update that changes the value"
		case oldSelf.MatchString(r.Rule) && !r.Optional:
			c.report(at, false, "transition-rule-added", "transition rule %q added: checked only on updates, so stored objects stay valid", r.Rule)
		default:
			c.report(at, true, "cel-rule-added", "rule %q added without a transition guard (oldSelf): values clients send today may be rejected", r.Rule).Ratcheting = ratchet(at)
		}
	}
	for _, r := range celRules(o) {
		if !have[normalizeRule(r.Rule)] {
			c.loosened(at, "rule %q removed", r.Rule)
		}
	}
}

func normalizeRule(rule string) string { return strings.Join(strings.Fields(rule), " ") }

// isImmutability recognizes the rules +k8s:immutable and
// +kubebuilder:validation:XValidation write for immutable fields.
func isImmutability(rule string) bool {
	r := strings.ReplaceAll(normalizeRule(rule), " ", "")
	return r == "self==oldSelf" || r == "oldSelf==self" || strings.HasPrefix(r, "!has(oldSelf.") && strings.Contains(r, "||has(self.")
}
