package v1

import metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

// Person is a kind with a plural to get right.
//
// +genclient
// +kubebuilder:object:root=true
type Person struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`
	Spec              PersonSpec `json:"spec,omitempty"`
}

// PersonSpec is the spec.
type PersonSpec struct {
	// Size is a size.
	Size int32 `json:"size,omitempty"`
}

// PersonList is a list of Person.
//
// +kubebuilder:object:root=true
type PersonList struct {
	metav1.TypeMeta `json:",inline"`
	metav1.ListMeta `json:"metadata,omitempty"`
	Items           []Person `json:"items"`
}

// Mouse is a kind with a plural to get right.
//
// +genclient
// +kubebuilder:object:root=true
type Mouse struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`
	Spec              MouseSpec `json:"spec,omitempty"`
}

// MouseSpec is the spec.
type MouseSpec struct {
	// Size is a size.
	Size int32 `json:"size,omitempty"`
}

// MouseList is a list of Mouse.
//
// +kubebuilder:object:root=true
type MouseList struct {
	metav1.TypeMeta `json:",inline"`
	metav1.ListMeta `json:"metadata,omitempty"`
	Items           []Mouse `json:"items"`
}

// Child is a kind with a plural to get right.
//
// +genclient
// +kubebuilder:object:root=true
type Child struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`
	Spec              ChildSpec `json:"spec,omitempty"`
}

// ChildSpec is the spec.
type ChildSpec struct {
	// Size is a size.
	Size int32 `json:"size,omitempty"`
}

// ChildList is a list of Child.
//
// +kubebuilder:object:root=true
type ChildList struct {
	metav1.TypeMeta `json:",inline"`
	metav1.ListMeta `json:"metadata,omitempty"`
	Items           []Child `json:"items"`
}

// Analysis is a kind with a plural to get right.
//
// +genclient
// +kubebuilder:object:root=true
type Analysis struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`
	Spec              AnalysisSpec `json:"spec,omitempty"`
}

// AnalysisSpec is the spec.
type AnalysisSpec struct {
	// Size is a size.
	Size int32 `json:"size,omitempty"`
}

// AnalysisList is a list of Analysis.
//
// +kubebuilder:object:root=true
type AnalysisList struct {
	metav1.TypeMeta `json:",inline"`
	metav1.ListMeta `json:"metadata,omitempty"`
	Items           []Analysis `json:"items"`
}

// Cafe is a kind with a plural to get right.
//
// +genclient
// +kubebuilder:object:root=true
type Cafe struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`
	Spec              CafeSpec `json:"spec,omitempty"`
}

// CafeSpec is the spec.
type CafeSpec struct {
	// Size is a size.
	Size int32 `json:"size,omitempty"`
}

// CafeList is a list of Cafe.
//
// +kubebuilder:object:root=true
type CafeList struct {
	metav1.TypeMeta `json:",inline"`
	metav1.ListMeta `json:"metadata,omitempty"`
	Items           []Cafe `json:"items"`
}

// Policy is a kind with a plural to get right.
//
// +genclient
// +kubebuilder:object:root=true
type Policy struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`
	Spec              PolicySpec `json:"spec,omitempty"`
}

// PolicySpec is the spec.
type PolicySpec struct {
	// Size is a size.
	Size int32 `json:"size,omitempty"`
}

// PolicyList is a list of Policy.
//
// +kubebuilder:object:root=true
type PolicyList struct {
	metav1.TypeMeta `json:",inline"`
	metav1.ListMeta `json:"metadata,omitempty"`
	Items           []Policy `json:"items"`
}

// Endpoints is a kind with a plural to get right.
//
// +genclient
// +kubebuilder:object:root=true
type Endpoints struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`
	Spec              EndpointsSpec `json:"spec,omitempty"`
}

// EndpointsSpec is the spec.
type EndpointsSpec struct {
	// Size is a size.
	Size int32 `json:"size,omitempty"`
}

// EndpointsList is a list of Endpoints.
//
// +kubebuilder:object:root=true
type EndpointsList struct {
	metav1.TypeMeta `json:",inline"`
	metav1.ListMeta `json:"metadata,omitempty"`
	Items           []Endpoints `json:"items"`
}
