package agreement

import metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

// Gadget carries CEL rules, each marked "ok" if kube-apiserver accepts it
// in a CRD and "bad" if it refuses it. The same file is in ../crd, which
// writes a CRD: lint, without a CRD, must refuse exactly the bad ones.
//
// +kubebuilder:object:root=true
// +kubebuilder:validation:XValidation:rule="self.spec.size >= 0",message="ok"
// +kubebuilder:validation:XValidation:rule="self.metadata.name.startsWith('g')",message="ok"
// +kubebuilder:validation:XValidation:rule="self.spec.size > ",message="bad"
// +kubebuilder:validation:XValidation:rule="self.spec.nope == 1",message="bad"
type Gadget struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`

	Spec GadgetSpec `json:"spec"`
}

// GadgetSpec is the desired state.
//
// +kubebuilder:validation:XValidation:rule="has(self.name) || self.size == 0",message="ok"
// +kubebuilder:validation:XValidation:rule="self.name",message="bad"
// +kubebuilder:validation:XValidation:rule="self.size == 'x'",message="bad"
// +kubebuilder:validation:XValidation:rule="self.inner.nope == 1",message="bad"
// +kubebuilder:validation:XValidation:rule="self.inner.count <= self.size",message="ok"
// +kubebuilder:validation:XValidation:rule="self.size == 1",messageExpression="self.size",message="bad"
// +kubebuilder:validation:XValidation:rule="!has(oldSelf.name) || has(self.name)",optionalOldSelf=true,message="ok"
type GadgetSpec struct {
	// +optional
	// +kubebuilder:validation:MaxLength=10
	// +kubebuilder:validation:XValidation:rule="self.startsWith('a')",message="ok"
	// +kubebuilder:validation:XValidation:rule="isURL(self) || self.matches('^[a-z]+$')",message="ok"
	// +kubebuilder:validation:XValidation:rule="self == oldSelf",message="ok"
	// +kubebuilder:validation:XValidation:rule="self > 1",message="bad"
	Name string `json:"name,omitempty"`
	// +kubebuilder:validation:XValidation:rule="self.missing == 1",message="bad"
	// +kubebuilder:validation:XValidation:rule="self % 2 == 0",message="ok"
	Size int32 `json:"size"`
	// +optional
	Inner Inner `json:"inner"`
	// +optional
	// +listType=atomic
	// +kubebuilder:validation:XValidation:rule="self.all(a, self.all(b, a.startsWith(b)))",message="bad"
	// +kubebuilder:validation:XValidation:rule="self.size() < 5",message="ok"
	Names []string `json:"names,omitempty"`
	// +optional
	// +listType=atomic
	// +kubebuilder:validation:MaxItems=10
	// +kubebuilder:validation:items:MaxLength=10
	// +kubebuilder:validation:XValidation:rule="self.all(a, self.all(b, a.startsWith(b)))",message="ok"
	Bounded []string `json:"bounded,omitempty"`
}

// Inner is a member of the spec.
//
// +kubebuilder:validation:XValidation:rule="self.count >= 0",message="ok"
// +kubebuilder:validation:XValidation:rule="self.count.size() > 0",message="bad"
type Inner struct {
	// +optional
	Count int32 `json:"count"`
}

// Clean has only rules kube-apiserver accepts.
//
// +kubebuilder:validation:XValidation:rule="self.replicas <= 10 || self.mode == 'Burst'",message="ok"
// +kubebuilder:validation:XValidation:rule="self.labels.all(k, k.size() < 64)",message="ok"
type Clean struct {
	Replicas int32  `json:"replicas"`
	Mode     string `json:"mode"`
	// +kubebuilder:validation:MaxProperties=16
	Labels map[string]string `json:"labels,omitempty"`
}
