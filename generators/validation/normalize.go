package validation

import (
	"go/token"
	"strconv"
	"strings"
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
			} else if prefers(r, prev) {
				kept[i] = r
			}
			continue
		}
		kept = append(kept, r)
	}
	d.rules = a.deferToTags(kept)
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

// prefers reports which of two agreeing rules of one slot is kept: a +k8s:
// tag over a schema marker (+required, +optional, kubebuilder), whose
// validation-gen names the order and the checks, and a Kubernetes marker
// over a kubebuilder one.
func prefers(r, prev rule) bool {
	return r.isTag() && !prev.isTag() || prev.kubebuilder && !r.kubebuilder
}

// isTag reports a rule written as a validation-gen tag (+k8s:…), rather
// than as a marker of the schema dialects (+required, +optional,
// +kubebuilder:validation:…).
func (r rule) isTag() bool { return strings.HasPrefix(r.tag, "+k8s:") }

// deferToTags drops the schema markers that a +k8s: tag of their slot
// under other modifiers decides: the presence markers (+required,
// +optional, +kubebuilder:validation:Required and Optional) on a value
// with a +k8s:required, optional or forbidden tag, wrapped or not, and the
// kubebuilder bounds (Minimum, MaxLength, MaxItems…) on one with the
// +k8s: bound of the same kind. validation-gen reads only the tags, so the
// check is the tag's, with its stability mark and option condition
// (+k8s:beta=+k8s:required next to +required is one beta check); the
// markers stay the schema's documentation. (A marker and a tag under the
// same modifiers, that is a plain tag, were merged already.)
//
// A marker must still agree with each tag it gives way to, or it is an
// error at the later of the two. A bound must be the tag's, whatever wraps
// the tag. A presence marker must say what each tag wrapped in nothing or
// in +k8s:alpha or +k8s:beta says (a stability level marks the errors; the
// value is still required), as for plain tags: +optional contradicts
// +k8s:beta=+k8s:required. A kubebuilder one still gives way to any
// +k8s:required or optional. A presence tag under +k8s:ifEnabled or
// +k8s:ifDisabled holds for one setting of an option, which the schema
// cannot say, and contradicts no marker: k8s.io/api writes +optional with
// +k8s:ifDisabled(X)=+k8s:forbidden and +k8s:ifEnabled(X)=+k8s:optional.
func (a *analyzer) deferToTags(rules []rule) []rule {
	var out []rule
	for _, r := range rules {
		decided := false
		if !r.isTag() && singleSlot(r.kind) {
			for _, t := range rules {
				if !t.isTag() || slotOf(t.kind) != slotOf(r.kind) {
					continue
				}
				decided = true
				a.agreeAcross(r, t)
			}
		}
		if !decided {
			out = append(out, r)
		}
	}
	return out
}

// agreeAcross checks a schema marker against a +k8s: tag of its slot under
// other modifiers, reporting an error at the later one (see deferToTags).
func (a *analyzer) agreeAcross(marker, tag rule) {
	if slotOf(tag.kind) == ruleRequired && (tag.mods.option != "" || yields(marker, tag)) {
		return
	}
	if sayTheSame(marker, tag) {
		return
	}
	first, later := marker, tag
	if before(tag.pos, marker.pos) {
		first, later = tag, marker
	}
	a.errorf(later.pos, "%s contradicts %s at line %d", describeWrapped(later), describeWrapped(first), first.pos.Line)
}

// describeWrapped describes a rule with the tags that wrap it, as in
// +k8s:alpha=+k8s:maxLength=5.
func describeWrapped(r rule) string {
	text := describeRule(r)
	if r.mods.option != "" {
		name := "ifDisabled"
		if r.mods.enabled {
			name = "ifEnabled"
		}
		text = "+k8s:" + name + "(" + r.mods.option + ")=" + text
	}
	if r.mods.stability != "" {
		text = "+k8s:" + r.mods.stability + "=" + text
	}
	return text
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
		if k.mods != r.mods || k.branch != r.branch {
			continue // another allOf branch of the CRD is another slot
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
	if sayTheSame(prev, r) {
		return true
	}
	a.errorf(r.pos, "%s contradicts %s at line %d", describeRule(r), describeRule(prev), prev.pos.Line)
	return false
}

// sayTheSame reports whether two rules of one slot check the same.
func sayTheSame(p, r rule) bool {
	return p.kind == r.kind && p.num == r.num && p.exclusive == r.exclusive && p.str == r.str
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
