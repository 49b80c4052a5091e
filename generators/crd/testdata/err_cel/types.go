package errcel

import metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

// Rule has bad rules.
//
// +genclient
// +kubebuilder:validation:XValidation:rule="self.spec.nope > 0",message="no such field"
type Rule struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`

	// Spec is the desired state.
	Spec RuleSpec `json:"spec"`
}

// RuleSpec is the desired state.
type RuleSpec struct {
	// Syntax has a rule that does not parse.
	// +optional
	// +kubebuilder:validation:XValidation:rule="self.size() >",message="broken"
	Syntax string `json:"syntax,omitempty"`
	// Costly compares every pair of unbounded strings: over budget.
	// +optional
	// +listType=atomic
	// +kubebuilder:validation:XValidation:rule="self.all(a, self.all(b, a.matches(b)))",message="too costly"
	Costly []string `json:"costly,omitempty"`
	// Bounded is the same rule, affordable with bounds.
	// +optional
	// +listType=atomic
	// +kubebuilder:validation:MaxItems=4
	// +kubebuilder:validation:items:MaxLength=8
	// +kubebuilder:validation:XValidation:rule="self.all(a, self.all(b, a.matches(b)))",message="fine"
	Bounded []string `json:"bounded,omitempty"`
}
