package v1

import metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

// TrailSpec defines the desired state of Trail.
type TrailSpec struct {
	// Sink is where records go.
	Sink string `json:"sink"`
	// Level of detail.
	// +kubebuilder:validation:Enum=Metadata;Request;RequestResponse
	Level string `json:"level,omitempty"`
	// Retention of the records.
	// +kubebuilder:validation:Optional
	Retention *metav1.Duration `json:"retention"`
	// Filters drop records.
	// +optional
	Filters []string `json:"filters"`
	// Paused stops recording.
	Paused bool `json:"paused,omitzero"`
}

// TrailStatus is what was recorded.
type TrailStatus struct {
	// Records is how many records were written.
	// +optional
	Records int64 `json:"records,omitempty"`
}

// Trail records what happens, cluster-wide. It also has a typed client
// from client-gen, whose UpdateStatus writes to /status.
//
// +genclient
// +genclient:nonNamespaced
// +kubebuilder:object:root=true
// +kubebuilder:resource:scope=Cluster
type Trail struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`

	Spec TrailSpec `json:"spec"`
	// +optional
	Status TrailStatus `json:"status,omitempty"`
}

// TrailList contains a list of Trail.
//
// +kubebuilder:object:root=true
type TrailList struct {
	metav1.TypeMeta `json:",inline"`
	metav1.ListMeta `json:"metadata,omitempty"`
	Items           []Trail `json:"items"`
}
