package kubebuilder

import metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

// CronJobSpec is generated because the package opts in.
type CronJobSpec struct {
	Schedule       string
	Suspend        *bool
	ActiveDeadline *int64
}

// CronJob is a root object.
// +kubebuilder:object:root=true
// +kubebuilder:subresource:status
type CronJob struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`
	Spec              CronJobSpec `json:"spec,omitempty"`
}

// CronJobList is a root object.
// +kubebuilder:object:root=true
type CronJobList struct {
	metav1.TypeMeta `json:",inline"`
	metav1.ListMeta `json:"metadata,omitempty"`
	Items           []CronJob `json:"items"`
}

// Internal opts out.
// +kubebuilder:object:generate=false
type Internal struct {
	Values []string
}
