package xvalidationcelwithoutcrd

// Widget writes no CRD; its rules parse and name its fields, yet
// kube-apiserver would not compile them.
//
// +kubebuilder:validation:XValidation:rule="self.name",message="not a bool"
// +kubebuilder:validation:XValidation:rule="self.replicas == 'three'",message="int against string"
// +kubebuilder:validation:XValidation:rule="self.replicas >= 0",messageExpression="self.replicas",message="message not a string"
// +kubebuilder:validation:XValidation:rule="self.template.image.size() > 0",message="template has no image"
// +kubebuilder:validation:XValidation:rule="self.replicas >= 0 && self.name.startsWith('w')",message="fine"
type Widget struct {
	Name     string   `json:"name"`
	Replicas int32    `json:"replicas"`
	Template Template `json:"template"`
	// +listType=atomic
	// +kubebuilder:validation:XValidation:rule="self.all(a, self.all(b, a != b || a == b))",message="over the cost budget"
	Tags []string `json:"tags"`
}

type Template struct {
	Labels map[string]string `json:"labels"`
}
