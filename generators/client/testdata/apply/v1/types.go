package v1

import (
	appsv1 "k8s.io/api/apps/v1"
	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
)

// Machine is namespaced, with a status and an extra apply method on a
// subresource.
//
// +genclient
// +genclient:method=ApplyScale,verb=apply,subresource=scale,input=Scale,result=Scale
// +kubebuilder:object:root=true
type Machine struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`
	Spec              MachineSpec   `json:"spec"`
	Status            MachineStatus `json:"status,omitempty"`
}

// MachineSpec has a field of every shape.
type MachineSpec struct {
	// Common is inlined: its fields are the spec's.
	Common `json:",inline"`
	// Extra is embedded under a name of its own.
	*Extra `json:"extra,omitempty"`
	// Ports are merged by name.
	// +listType=map
	// +listMapKey=name
	Ports    []Port          `json:"ports,omitempty"`
	Pointers []*Port         `json:"pointers,omitempty"`
	ByName   map[string]Port `json:"byName,omitempty"`
	// +mapType=atomic
	Labels map[string]string `json:"labels,omitempty"`
	// +listType=set
	Tags     []string                     `json:"tags,omitempty"`
	Data     []byte                       `json:"data,omitempty"`
	Phase    Phase                        `json:"phase,omitempty"`
	Mode     *Phase                       `json:"mode,omitempty"`
	Parent   *Port                        `json:"parent,omitempty"`
	Secret   *corev1.LocalObjectReference `json:"secret,omitempty"`
	Selector metav1.LabelSelector         `json:"selector"`
	Timeout  metav1.Duration              `json:"timeout,omitempty"`
	Raw      runtime.RawExtension         `json:"raw,omitempty"`
	Owners   []metav1.OwnerReference      `json:"owners,omitempty"`
	Names    Names                        `json:"names,omitempty"`
	Ignored  string                       `json:"-"`
	Untagged string
}

// Common holds fields the spec inlines.
type Common struct {
	Zone string `json:"zone,omitempty"`
}

// Extra is embedded with a name.
type Extra struct {
	Note string `json:"note"`
}

// Port is a named port.
type Port struct {
	Name   string `json:"name"`
	Number int32  `json:"number"`
}

// Phase is a string type.
type Phase string

// Names is a named slice type.
type Names []string

// MachineStatus is the observed state.
type MachineStatus struct {
	// +listType=map
	// +listMapKey=type
	Conditions []metav1.Condition `json:"conditions,omitempty"`
	Ready      bool               `json:"ready"`
	// Health is of an unexported type: its apply configuration is exported.
	Health *health `json:"health,omitempty"`
}

type health struct {
	Score int32 `json:"score"`
}

// +kubebuilder:object:root=true
type MachineList struct {
	metav1.TypeMeta `json:",inline"`
	metav1.ListMeta `json:"metadata,omitempty"`
	Items           []Machine `json:"items"`
}

// Scale is the input of ApplyScale: not a client type, with TypeMeta.
//
// +kubebuilder:object:root=true
type Scale struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`
	Replicas          int32 `json:"replicas"`
}

// Lock takes no Apply, but an extra apply method of its own type.
//
// +genclient
// +genclient:nonNamespaced
// +genclient:skipVerbs=apply,applyStatus
// +genclient:method=ApplyLock,verb=apply
// +kubebuilder:object:root=true
type Lock struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`
	Holder            string `json:"holder,omitempty"`
}

// +kubebuilder:object:root=true
type LockList struct {
	metav1.TypeMeta `json:",inline"`
	metav1.ListMeta `json:"metadata,omitempty"`
	Items           []Lock `json:"items"`
}

// Notice is read-only: no apply configuration.
//
// +genclient
// +genclient:readonly
// +kubebuilder:object:root=true
type Notice struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`
	Text              string `json:"text"`
}

// +kubebuilder:object:root=true
type NoticeList struct {
	metav1.TypeMeta `json:",inline"`
	metav1.ListMeta `json:"metadata,omitempty"`
	Items           []Notice `json:"items"`
}

// KubernetesTypes is no client type: a test builds its schema to compare
// the schema of k8s.io/api's types with client-go's.
//
// +k8s:deepcopy-gen=false
type KubernetesTypes struct {
	Deployment appsv1.Deployment `json:"deployment"`
	Pod        corev1.Pod        `json:"pod"`
}
