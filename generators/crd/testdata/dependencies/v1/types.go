package v1

import (
	batchv1 "k8s.io/api/batch/v1"
	corev1 "k8s.io/api/core/v1"
	resourcev1 "k8s.io/api/resource/v1"
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
	// Stages run in order: a map list, whose items kube-apiserver
	// correlates across updates, so that the transition rules of the
	// Job's immutable fields (k8s.io/api's +k8s:immutable) hold in them.
	// +optional
	// +listType=map
	// +listMapKey=name
	Stages []Stage `json:"stages,omitempty"`
	// Template is a pod template, with all of core/v1's tags.
	// +optional
	Template *corev1.PodTemplateSpec `json:"template,omitempty"`
	// Counters carries resource/v1's +k8s:eachVal tags, which
	// controller-gen does not read.
	// +optional
	Counters *resourcev1.DeviceCounterConsumption `json:"counters,omitempty"`
	// Preemption carries core/v1's +k8s:eachVal=+k8s:format tag.
	// +optional
	Preemption *corev1.NodePodPreemptionPolicy `json:"preemption,omitempty"`
}

// Stage is one step of a pipeline: a Job's spec and a name.
type Stage struct {
	// Name names the stage.
	Name string `json:"name"`
	// Job is what the stage runs.
	Job batchv1.JobSpec `json:"job"`
}
