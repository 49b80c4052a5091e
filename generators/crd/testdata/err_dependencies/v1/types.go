package v1

import (
	batchv1 "k8s.io/api/batch/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
)

// Pipeline runs a list of jobs.
//
// +kubebuilder:object:root=true
type Pipeline struct {
	metav1.TypeMeta `json:",inline"`
	// +optional
	metav1.ObjectMeta `json:"metadata,omitempty"`

	// Spec is the desired state.
	Spec PipelineSpec `json:"spec"`
}

// PipelineSpec is the desired state of a Pipeline.
type PipelineSpec struct {
	// Stages run in order. An atomic list: kube-apiserver does not
	// correlate its items across updates.
	// +optional
	Stages []Stage `json:"stages,omitempty"`
}

// Stage is one step of a pipeline: a Job's spec and a name.
type Stage struct {
	// Name names the stage.
	Name string `json:"name"`
	// Job is what the stage runs.
	Job batchv1.JobSpec `json:"job"`
}
