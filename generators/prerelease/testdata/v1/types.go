package v1

import metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

// +k8s:prerelease-lifecycle-gen:introduced=1.22
type Widget struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`
}

// Gizmo is deprecated: removal follows three minors later.
// +k8s:prerelease-lifecycle-gen:introduced=1.22
// +k8s:prerelease-lifecycle-gen:deprecated=1.33
type Gizmo struct {
	metav1.TypeMeta `json:",inline"`
}

// Doohickey is only removed: deprecated stays unset.
// +k8s:prerelease-lifecycle-gen:introduced=1.22
// +k8s:prerelease-lifecycle-gen:removed=1.40
type Doohickey struct {
	metav1.TypeMeta `json:",inline"`
}
