package v1beta1

import metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

// Widget takes every default: deprecated 1.23, removed 1.26.
// +k8s:prerelease-lifecycle-gen:introduced=1.20
type Widget struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`
	Spec              WidgetSpec `json:"spec"`
}

// WidgetSpec has no TypeMeta: no methods.
type WidgetSpec struct {
	Size int32 `json:"size"`
}

// WidgetList is deprecated early; removal follows the deprecation.
// +k8s:prerelease-lifecycle-gen:introduced=1.20
// +k8s:prerelease-lifecycle-gen:deprecated=1.21
// +k8s:prerelease-lifecycle-gen:replacement=widgets.example.com,v1,WidgetList
type WidgetList struct {
	metav1.TypeMeta `json:",inline"`
	metav1.ListMeta `json:"metadata,omitempty"`
	Items           []Widget `json:"items"`
}

// +k8s:prerelease-lifecycle-gen:introduced=1.19
// +k8s:prerelease-lifecycle-gen:removed=1.30

// Gadget's markers sit in the comment block above its doc, where gengo reads them too.
type Gadget struct {
	metav1.TypeMeta `json:",inline"`
}

// APILifecycleIntroduced is written by hand, so it is not generated.
func (in *Gadget) APILifecycleIntroduced() (major, minor int) { return 1, 18 }

// internalThing is unexported: no methods, no marker needed.
type internalThing struct {
	metav1.TypeMeta `json:",inline"`
}

var _ = internalThing{}
