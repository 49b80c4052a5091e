package errnames

import metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

// Mouse has two plurals, a bad scope and a bad column.
//
// +genclient
// +genclient:nonNamespaced
// +kubebuilder:resource:path=mouses,scope=Namespaced
// +metagen:plural=mice
// +kubebuilder:printcolumn:name=Size,type=integer,JSONPath=`spec.size`,color=red
type Mouse struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`
}

// Check has an argument XValidation does not take.
//
// +genclient
// +kubebuilder:validation:XValidation:rule="self.metadata.name != 'x'",severity=high
type Check struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`
}

// Orphan is marked a resource but has no metadata.
// +metagen:crd=true
type Orphan struct {
	Name string `json:"name"`
}
