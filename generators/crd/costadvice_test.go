package crd

import (
	"regexp"
	"strconv"
	"strings"
	"testing"

	apiextensionsv1 "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1"
	"k8s.io/apimachinery/pkg/util/validation/field"
)

// TestCostAdviceNamesTheBoundThatFits: a rule over the budget because of
// an unbounded list gets the list named, and the largest maxItems that
// fits, which is the threshold: that bound passes apiextensions'
// estimate, one more does not.
func TestCostAdviceNamesTheBoundThatFits(t *testing.T) {
	names := func(maxItems *int64) *apiextensionsv1.JSONSchemaProps {
		return &apiextensionsv1.JSONSchemaProps{
			Type: "object",
			Properties: map[string]apiextensionsv1.JSONSchemaProps{
				"spec": {Type: "object", Properties: map[string]apiextensionsv1.JSONSchemaProps{
					"names": {
						Type: "array", MaxItems: maxItems,
						Items:        &apiextensionsv1.JSONSchemaPropsOrArray{Schema: &apiextensionsv1.JSONSchemaProps{Type: "string", MaxLength: ptr64(64)}},
						XValidations: apiextensionsv1.ValidationRules{{Rule: "self.all(a, self.all(b, a.startsWith(b)))"}},
					},
				}},
			},
		}
	}
	root := names(nil)
	const rel = "properties[spec].properties[names].x-kubernetes-validations[0].rule"
	var overBudgetErr *field.Error
	for _, e := range Validate(ProbeCRD("cost.metagen.dev", root)) {
		if strings.Contains(e.Detail, "estimated rule cost exceeds budget") {
			overBudgetErr = e
		}
	}
	if overBudgetErr == nil {
		t.Fatal("the unbounded list's rule is within budget; the test needs one over it")
	}
	advice := CostAdvice(root, rel, overBudgetErr)
	m := regexp.MustCompile(`self: maxItems=(\d+) or less \(\+kubebuilder:validation:MaxItems=(\d+)\)`).FindStringSubmatch(advice)
	if m == nil || m[1] != m[2] {
		t.Fatalf("advice %q does not name the list's maxItems", advice)
	}
	if strings.Contains(advice, "self[*]") {
		t.Errorf("advice %q names the items, which have a maxLength", advice)
	}
	n, _ := strconv.ParseInt(m[1], 10, 64)
	if !ruleFits(names(&n), true) {
		t.Errorf("maxItems=%d does not fit", n)
	}
	if more := n + 1; ruleFits(names(&more), true) {
		t.Errorf("maxItems=%d fits too: %d is not the largest", more, n)
	}
	if got := CostAdvice(root, rel, field.Invalid(nil, nil, "compilation failed")); got != "" {
		t.Errorf("advice for an error that is not about cost: %q", got)
	}
}

func ptr64(n int64) *int64 { return &n }
