package errvalues

import metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

// Check has an argument XValidation does not take.
//
// +kubebuilder:object:root=true
// +kubebuilder:validation:XValidation:rule="self.metadata.name != 'x'",severity=high
type Check struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`

	// Spec is the desired state.
	Spec CheckSpec `json:"spec"`
}

// CheckSpec has fields with bad values.
//
// +kubebuilder:validation:ExactlyOneOf={}
type CheckSpec struct {
	// Window has a default with no closing brace.
	// +kubebuilder:default={start: 8
	// +optional
	Window map[string]int32 `json:"window,omitempty"`
	// Name has a default that ends at its comma: quote it.
	// +kubebuilder:default=gadget,small
	// +kubebuilder:validation:MinLength=-1
	// +optional
	Name string `json:"name,omitempty"`
	// Ratio has a bound that is no number.
	// +kubebuilder:validation:Maximum=Inf
	// +optional
	Ratio *float64 `json:"ratio,omitempty"`
	// Tags has an item validation that does not exist and one with a bad value.
	// +kubebuilder:validation:items:MaxLenght=5
	// +kubebuilder:validation:items:MaxItems=x
	// +optional
	Tags []string `json:"tags,omitempty"`
	// Rules has an item rule with a bad reason.
	// +kubebuilder:validation:items:XValidation:rule="self != ''",reason=Bad
	// +optional
	Rules []string `json:"rules,omitempty"`
}

// Ferry's CRD markers lack arguments controller-gen requires or take ones
// it does not: the load refuses them, where they were once accepted.
//
// +kubebuilder:object:root=true
// +kubebuilder:resource:scope=Clustered,shortNames=fy
// +kubebuilder:subresource:scale:specpath=.spec.replicas
// +kubebuilder:printcolumn:name=Size,JSONPath=`.spec.size`
// +kubebuilder:printcolumn:name=Age,type=date,JSONPath=`.metadata.creationTimestamp`,priority=high,color=red
// +kubebuilder:selectablefield:jsonPath=`.spec.size`
// +kubebuilder:metadata:labels="tier"
type Ferry struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`
}
