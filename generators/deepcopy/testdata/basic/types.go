package basic

import (
	"time"

	corev1 "k8s.io/api/core/v1"
	"k8s.io/apimachinery/pkg/api/resource"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/util/intstr"
)

// Widget has every kind of field deepcopy-gen knows.
// +k8s:deepcopy-gen:interfaces=k8s.io/apimachinery/pkg/runtime.Object
type Widget struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`

	Spec   WidgetSpec   `json:"spec"`
	Status WidgetStatus `json:"status,omitempty"`
}

// WidgetSpec is the desired state.
type WidgetSpec struct {
	// Scalars are copied by the first assignment.
	Name     string
	Replicas int32
	Ratio    float64
	Enabled  bool
	Timeout  time.Duration
	Started  time.Time

	// Pointers.
	Count    *int32
	Note     *string
	PtrPtr   **int
	Sub      *Sub
	SubSlice *[]string
	Deadline *metav1.Time

	// Slices.
	Args   []string
	Data   []byte
	Subs   []Sub
	Ptrs   []*Sub
	Nested [][]string

	// Maps.
	Labels      map[string]string
	MapOfSlices map[string][]string
	MapOfPtrs   map[string]*Sub
	MapOfMaps   map[string]map[string]int
	MapOfSubs   map[string]Sub

	// Nested and embedded structs.
	Inner Sub
	Sub2  `json:",inline"`

	// Arrays.
	Fixed       [4]int
	ArrayOfPtrs [2]*int
	ArrayOfSubs [2]Sub

	// Kubernetes types.
	Quantity   resource.Quantity
	Quantities map[string]resource.Quantity
	Limits     corev1.ResourceList
	Port       intstr.IntOrString
	MaxPort    *intstr.IntOrString
	Created    metav1.Time
	Raw        runtime.RawExtension
	Object     runtime.Object
	Objects    []runtime.Object
	Template   *corev1.PodTemplateSpec
	Selector   *metav1.LabelSelector
	Conditions []metav1.Condition

	// An anonymous struct is copied inline.
	Window struct {
		From, To *metav1.Time
		Days     []string
	}
}

// Sub holds references, so it is copied with its DeepCopyInto.
type Sub struct {
	Values []int
	Ref    *string
}

// Sub2 is embedded.
type Sub2 struct {
	Extra map[string]string
}

// WidgetStatus is the observed state.
type WidgetStatus struct {
	ObservedGeneration int64
	Phase              Phase
}

// Phase is a named string: it gets no methods.
type Phase string

// WidgetList is a list of widgets.
// +k8s:deepcopy-gen:interfaces=k8s.io/apimachinery/pkg/runtime.Object
type WidgetList struct {
	metav1.TypeMeta `json:",inline"`
	metav1.ListMeta `json:"metadata,omitempty"`

	Items []Widget `json:"items"`
}
