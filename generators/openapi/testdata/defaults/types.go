package defaults

import (
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
)

// Policy has a default on its type.
// +default="Always"
type Policy string

// PolicyNever is a Policy.
const PolicyNever Policy = "Never"

// Settings has defaults of every kind.
type Settings struct {
	// Replicas defaults to one.
	// +optional
	// +default=1
	Replicas *int32 `json:"replicas,omitempty"`
	// Ratio defaults to a half.
	// +optional
	// +default=0.5
	Ratio float64 `json:"ratio,omitempty"`
	// Name defaults to a string.
	// +optional
	// +default="widget"
	Name string `json:"name,omitempty"`
	// Labels default to an object.
	// +optional
	// +default={"app": "demo", "tier": {"level": 2}}
	Labels map[string]string `json:"labels,omitempty"`
	// Ports default to a list.
	// +optional
	// +default=[80, 443]
	Ports []int32 `json:"ports,omitempty"`
	// Policy takes its type's default.
	// +optional
	Policy Policy `json:"policy,omitempty"`
	// Never names a constant.
	// +optional
	// +default=ref(PolicyNever)
	Never Policy `json:"never,omitempty"`
	// Elsewhere names a constant of another package.
	// +optional
	// +default=ref(k8s.io/apimachinery/pkg/apis/meta/v1.FinalizerOrphanDependents)
	Elsewhere string `json:"elsewhere,omitempty"`
	// Count is not omitempty: its zero value is its default.
	Count int64 `json:"count"`
	// Zero is the enforced zero value, given explicitly.
	// +default=0
	Zero int32 `json:"zero"`
	// Nested is a struct, defaulted to {}.
	Nested Nested `json:"nested"`
	// Time decodes itself: no default.
	Time metav1.Time `json:"time"`
	// Wrapper embeds one struct and counts as it.
	Wrapper Wrapper `json:"wrapper"`
}

// Nested is nested.
type Nested struct {
	// Value is a value.
	// +optional
	Value string `json:"value,omitempty"`
}

// Wrapper has a single embedded field.
type Wrapper struct {
	metav1.Time `json:",inline"`
}
