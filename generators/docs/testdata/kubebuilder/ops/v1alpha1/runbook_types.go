package v1alpha1

import metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

// Step is one step of a runbook.
type Step struct {
	// Name of the step.
	// +kubebuilder:validation:Required
	Name string `json:"name"`
	// Command to run.
	// +required
	Command []string `json:"command"`
	// Timeout of the step.
	Timeout *metav1.Duration `json:"timeout"`
	// Retries on failure.
	// +kubebuilder:validation:Maximum=5
	Retries int32 `json:"retries"`
}

// RunbookSpec defines the desired state of Runbook.
type RunbookSpec struct {
	// Owner is who to page.
	Owner string `json:"owner"`
	// Steps run in order.
	// +kubebuilder:validation:MinItems=1
	Steps []Step `json:"steps"`
	// Schedule is a cron schedule.
	// +kubebuilder:example="0 3 * * *"
	Schedule string `json:"schedule,omitempty"`
}

// Runbook describes how to operate something.
//
// +kubebuilder:object:root=true
// +kubebuilder:resource:scope=Namespaced,categories=ops
type Runbook struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`

	Spec RunbookSpec `json:"spec"`
}

// RunbookList contains a list of Runbook.
//
// +kubebuilder:object:root=true
type RunbookList struct {
	metav1.TypeMeta `json:",inline"`
	metav1.ListMeta `json:"metadata,omitempty"`
	Items           []Runbook `json:"items"`
}
