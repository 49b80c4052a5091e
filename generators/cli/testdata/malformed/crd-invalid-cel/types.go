package invalidcel

import metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

// Gadget has CEL rules kube-apiserver would refuse.
//
// +kubebuilder:object:root=true
// +kubebuilder:validation:XValidation:rule="self.spec.size > ",message="does not parse"
type Gadget struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`

	// Spec is the desired state.
	Spec GadgetSpec `json:"spec"`
}

// GadgetSpec is the desired state.
type GadgetSpec struct {
	// Size is a number.
	// +kubebuilder:validation:XValidation:rule="self.missing == 1",message="no such field"
	Size int32 `json:"size"`
	// Names are unbounded: comparing every pair is over the cost budget.
	// +optional
	// +listType=atomic
	// +kubebuilder:validation:XValidation:rule="self.all(a, self.all(b, a.startsWith(b)))",message="too costly"
	Names []string `json:"names,omitempty"`
}
