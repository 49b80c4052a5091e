package v1

import (
	"k8s.io/apimachinery/pkg/api/resource"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/util/intstr"
)

// Policy is a namespaced resource with a status, columns and CEL rules.
//
// +genclient
// +metagen:name-format=dns-label
// +kubebuilder:printcolumn:name=Mode,type=string,JSONPath=`.spec.mode`,description="How it runs"
// +kubebuilder:printcolumn:name=Age,type=date,JSONPath=`.metadata.creationTimestamp`
// +kubebuilder:validation:XValidation:rule="!has(self.spec.limit) || self.spec.limit >= self.spec.floor",message="limit must not be below floor"
type Policy struct {
	metav1.TypeMeta `json:",inline"`
	// +optional
	metav1.ObjectMeta `json:"metadata,omitempty"`

	// Spec is the desired state.
	Spec PolicySpec `json:"spec"`
	// Status is the observed state.
	// +optional
	Status PolicyStatus `json:"status,omitzero"`
}

// Mode says how a policy runs.
// +enum
type Mode string

const (
	// ModeAudit only reports.
	ModeAudit Mode = "Audit"
	// ModeEnforce rejects.
	ModeEnforce Mode = "Enforce"
)

// PolicySpec is the desired state of a Policy.
type PolicySpec struct {
	// Mode is how it runs.
	// +optional
	// +default="Audit"
	Mode Mode `json:"mode,omitempty"`
	// Floor is the lowest limit.
	// +k8s:minimum=0
	Floor int32 `json:"floor"`
	// Limit caps it.
	// +optional
	// +kubebuilder:validation:Maximum=1000
	Limit *int32 `json:"limit,omitempty"`
	// Rules are keyed by name.
	// +optional
	// +listType=map
	// +listMapKey=name
	// +k8s:maxItems=8
	Rules []Rule `json:"rules,omitempty"`
	// Budget is a quantity.
	// +optional
	Budget *resource.Quantity `json:"budget,omitempty"`
	// Port is a number or a name.
	// +optional
	Port *intstr.IntOrString `json:"port,omitempty"`
	// Selector picks what the policy applies to.
	// +optional
	Selector *metav1.LabelSelector `json:"selector,omitempty"`
	// Labels are copied onto what it creates.
	// +optional
	// +k8s:maxProperties=16
	Labels map[string]string `json:"labels,omitempty"`
}

// Rule is one rule.
type Rule struct {
	// Name identifies the rule.
	// +k8s:maxLength=63
	Name string `json:"name"`
	// Weight orders rules.
	// +optional
	// +kubebuilder:default=1
	Weight int32 `json:"weight,omitempty"`
	// Tags label the rule.
	// +optional
	// +listType=set
	// +kubebuilder:validation:items:MaxLength=16
	Tags []string `json:"tags,omitempty"`
}

// PolicyStatus is the observed state of a Policy.
type PolicyStatus struct {
	// Conditions are the latest observations.
	// +optional
	// +listType=map
	// +listMapKey=type
	Conditions []metav1.Condition `json:"conditions,omitempty"`
	// LastApplied is when it last applied.
	// +optional
	LastApplied *metav1.Time `json:"lastApplied,omitempty"`
	// Replicas is how many copies run.
	// +optional
	Replicas int32 `json:"replicas,omitempty"`
	// Selector is the scale selector.
	// +optional
	Selector string `json:"selector,omitempty"`
}

// PolicyList is a list of policies.
type PolicyList struct {
	metav1.TypeMeta `json:",inline"`
	// +optional
	metav1.ListMeta `json:"metadata,omitempty"`
	// Items are the policies.
	Items []Policy `json:"items"`
}

// Shelf is a cluster-scoped resource with a scale subresource.
//
// +kubebuilder:object:root=true
// +kubebuilder:resource:scope=Cluster,shortName=sh;shv,categories=shop
// +kubebuilder:subresource:status
// +kubebuilder:subresource:scale:specpath=.spec.replicas,statuspath=.status.replicas
type Shelf struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`

	// Spec is the desired state.
	// +optional
	Spec ShelfSpec `json:"spec,omitempty"`
	// Status is the observed state.
	// +optional
	Status ShelfStatus `json:"status,omitempty"`
}

// ShelfSpec is the desired state of a Shelf.
type ShelfSpec struct {
	// Replicas is how many shelves.
	// +optional
	Replicas *int32 `json:"replicas,omitempty"`
}

// ShelfStatus is the observed state of a Shelf.
type ShelfStatus struct {
	// Replicas is how many there are.
	// +optional
	Replicas int32 `json:"replicas,omitempty"`
}

// ShelfList is a list of shelves.
// +kubebuilder:object:root=true
type ShelfList struct {
	metav1.TypeMeta `json:",inline"`
	metav1.ListMeta `json:"metadata,omitempty"`
	Items           []Shelf `json:"items"`
}
