package v1

import metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

// Ratio is a named float.
type Ratio float32

// GaugeSpec is what a gauge measures.
type GaugeSpec struct {
	// Scale multiplies every reading.
	Scale float64 `json:"scale"`
	// Ratios are the thresholds.
	// +optional
	Ratios []Ratio `json:"ratios,omitempty"`
	// Name of the gauge.
	Name string `json:"name"`

	// cache is internal state: no JSON tag.
	cache map[string]string
	// legacy is unexported but tagged: controller-gen describes it unless
	// ignoreUnexportedFields.
	legacy string `json:"legacy,omitempty"`
}

// Gauge is a measuring resource.
// +kubebuilder:object:root=true
type Gauge struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`

	Spec GaugeSpec `json:"spec"`
}

// GaugeList is a list of gauges.
// +kubebuilder:object:root=true
type GaugeList struct {
	metav1.TypeMeta `json:",inline"`
	metav1.ListMeta `json:"metadata,omitempty"`
	Items           []Gauge `json:"items"`
}
