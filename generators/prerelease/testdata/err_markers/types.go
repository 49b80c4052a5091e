package err_markers

import metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

// +k8s:prerelease-lifecycle-gen:introduced=1.x
// +k8s:prerelease-lifecycle-gen:deprecated=v1.20
// +k8s:prerelease-lifecycle-gen:replacement=Apps,v1,Deployment
type BadValues struct {
	metav1.TypeMeta `json:",inline"`
}

// +k8s:prerelease-lifecycle-gen:introduced=1.20
// +k8s:prerelease-lifecycle-gen:replacement=apps,V1,Deployment
// +k8s:prerelease-lifecycle-gen:removed=1
type BadVersion struct {
	metav1.TypeMeta `json:",inline"`
}
