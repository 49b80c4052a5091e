package errnames

import metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

// Mouse has two plurals, a bad scope and a bad column path (a column
// argument it does not take is in testdata/err_values).
//
// +genclient
// +genclient:nonNamespaced
// +kubebuilder:resource:path=mouses,scope=Namespaced
// +metagen:plural=mice
// +kubebuilder:printcolumn:name=Size,type=integer,JSONPath=`spec.size`
type Mouse struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`
}

// Check's XValidation with an argument it does not take is in
// testdata/err_values: the load refuses it before any generator runs.
//
// +genclient
type Check struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`
}

// Orphan is marked a resource but has no metadata.
// +metagen:crd=true
type Orphan struct {
	Name string `json:"name"`
}
