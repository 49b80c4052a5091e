package validation

import (
	"go/token"
	"strconv"
)

// normalize merges the rules of one declaration: markers of different
// dialects that say the same thing become one rule (the +k8s: one, whose
// messages validation-gen uses), and markers that disagree are an error at
// the later one.
func (a *analyzer) normalize(d *declRules) {
	a.applyExclusive(d)
	var kept []rule
	for _, r := range d.rules {
		if i := sameSlot(kept, r); i >= 0 {
			if prev := kept[i]; yields(prev, r) {
				kept[i] = r
				continue
			} else if yields(r, prev) {
				continue
			} else if !a.agree(prev, r) {
				continue
			} else if prev.kubebuilder && !r.kubebuilder {
				kept[i] = r
			}
			continue
		}
		kept = append(kept, r)
	}
	d.rules = kept
	a.checkRanges(d)
	for _, nested := range []*declRules{d.items, d.keys} {
		if nested != nil {
			a.normalize(nested)
		}
	}
}

// yields reports a kubebuilder presence marker that gives way to another
// dialect's: +kubebuilder:validation:Required or Optional against +optional,
// +required, +k8s:optional or +k8s:required. As in the schema the openapi
// generator writes (and openapi-gen, which reads no kubebuilder marker), the
// Kubernetes markers decide; k8s.io/api has both on a few fields
// (+optional with +kubebuilder:validation:Required on PortStatus.Error),
// which kube-apiserver treats as optional. A forbidden value still
// contradicts a required one.
func yields(kb, other rule) bool {
	presence := func(k ruleKind) bool { return k == ruleRequired || k == ruleOptional }
	return kb.kubebuilder && !other.kubebuilder && presence(kb.kind) && presence(other.kind)
}

// applyExclusive makes kubebuilder bounds strict, as ExclusiveMinimum and
// ExclusiveMaximum ask.
func (a *analyzer) applyExclusive(d *declRules) {
	a.makeExclusive(d, d.exclusiveMin, d.exclusiveMinPos, ruleMinimum, "Minimum")
	a.makeExclusive(d, d.exclusiveMax, d.exclusiveMaxPos, ruleMaximum, "Maximum")
}

func (a *analyzer) makeExclusive(d *declRules, on bool, pos token.Position, kind ruleKind, bound string) {
	if !on {
		return
	}
	for i := range d.rules {
		if d.rules[i].kind == kind && d.rules[i].kubebuilder {
			d.rules[i].exclusive = true
			return
		}
	}
	a.errorf(pos, "+kubebuilder:validation:Exclusive%s needs +kubebuilder:validation:%s", bound, bound)
}

// presence rules share one slot: a value is required, optional or
// forbidden, once, under each set of modifiers.
func slotOf(k ruleKind) ruleKind {
	switch k {
	case ruleRequired, ruleOptional, ruleForbidden:
		return ruleRequired
	}
	return k
}

// singleSlot kinds may appear once per declaration; the others (formats,
// update constraints, neq, immutable) may repeat.
func singleSlot(k ruleKind) bool {
	switch k {
	case ruleFormat, ruleSchemaFormat, ruleUpdate, ruleNEQ, ruleImmutable, ruleMonotonic, ruleEnumValues, ruleCustom, ruleFixed:
		return false
	}
	return true
}

func sameSlot(kept []rule, r rule) int {
	if r.kind == ruleFixed {
		return -1 // each test tag is a call of its own, as in validation-gen
	}
	for i, k := range kept {
		if k.mods != r.mods {
			continue
		}
		if singleSlot(r.kind) && slotOf(k.kind) == slotOf(r.kind) {
			return i
		}
		if !singleSlot(r.kind) && k.kind == r.kind && k.str == r.str && k.num == r.num {
			return i
		}
	}
	return -1
}

// agree reports whether two rules in one slot say the same, and reports an
// error at the later one when they do not.
func (a *analyzer) agree(prev, r rule) bool {
	if !singleSlot(r.kind) {
		return true
	}
	if prev.kind == r.kind && prev.num == r.num && prev.exclusive == r.exclusive && prev.str == r.str {
		return true
	}
	a.errorf(r.pos, "%s contradicts %s at line %d", describeRule(r), describeRule(prev), prev.pos.Line)
	return false
}

func describeRule(r rule) string {
	switch r.kind {
	case ruleRequired, ruleOptional, ruleForbidden, ruleUniqueItems:
		return r.tag
	case rulePattern:
		return r.tag + "=" + strconv.Quote(r.str)
	}
	text := r.tag + "=" + strconv.FormatFloat(r.num, 'g', -1, 64)
	if r.exclusive {
		text += " (exclusive)"
	}
	return text
}

// checkRanges reports bounds no value can meet.
func (a *analyzer) checkRanges(d *declRules) {
	for _, pair := range [][2]ruleKind{
		{ruleMinimum, ruleMaximum}, {ruleMinLength, ruleMaxLength},
		{ruleMinItems, ruleMaxItems}, {ruleMinProperties, ruleMaxProperties},
	} {
		for _, low := range d.rules {
			for _, high := range d.rules {
				if low.kind != pair[0] || high.kind != pair[1] || low.mods != high.mods {
					continue
				}
				if low.num > high.num || (low.num == high.num && (low.exclusive || high.exclusive)) {
					later := high
					if low.pos.Line > high.pos.Line {
						later = low
					}
					a.errorf(later.pos, "%s and %s: no value can satisfy both", describeRule(low), describeRule(high))
				}
			}
		}
	}
}
