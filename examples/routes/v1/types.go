package v1

import (
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
)

// Route sends the requests for a host to a backend.
//
// +k8s:deepcopy-gen:interfaces=k8s.io/apimachinery/pkg/runtime.Object
// +kubebuilder:object:root=true
// +kubebuilder:subresource:status
type Route struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`

	Spec RouteSpec `json:"spec,omitzero"`
	// +optional
	Status RouteStatus `json:"status,omitzero"`
}

// RouteSpec is what a Route routes.
//
// +kubebuilder:validation:XValidation:rule="!has(self.minPort) || !has(self.maxPort) || self.minPort <= self.maxPort",message="minPort must not exceed maxPort",fieldPath=".minPort"
// +kubebuilder:validation:XValidation:rule="has(self.backend) != has(self.redirect)",message="exactly one of backend and redirect must be set",reason=FieldValueForbidden
type RouteSpec struct {
	// Host is the host name the route serves; it cannot change.
	// +optional
	// +kubebuilder:validation:XValidation:rule="self == oldSelf",message="host is immutable"
	Host string `json:"host,omitempty"`
	// Paths are the path prefixes the route serves.
	// +optional
	// +listType=atomic
	// +kubebuilder:validation:MaxItems=8
	// +kubebuilder:validation:items:MaxLength=64
	// +kubebuilder:validation:XValidation:rule="self.all(p, p.startsWith('/'))",messageExpression="'paths must start with a slash: ' + self.filter(p, !p.startsWith('/'))[0]"
	Paths []string `json:"paths,omitempty"`
	// MinPort and MaxPort bound the ports the route accepts.
	// +optional
	MinPort *int32 `json:"minPort,omitempty"`
	// +optional
	MaxPort *int32 `json:"maxPort,omitempty"`
	// Backend is the service that answers.
	// +optional
	Backend *Backend `json:"backend,omitempty"`
	// Redirect is where requests are sent instead.
	// +optional
	// +kubebuilder:validation:XValidation:rule="self.startsWith('https://')",message="a redirect must use https"
	Redirect *string `json:"redirect,omitempty"`
}

// Backend is a service and a port.
type Backend struct {
	// Service names the service.
	// +required
	Service string `json:"service"`
	// Weight shares the requests among backends; it may only grow.
	// +optional
	// +kubebuilder:validation:XValidation:rule="self >= oldSelf",message="weight may only grow"
	Weight *int32 `json:"weight,omitempty"`
}

// RouteStatus is what the route controller saw.
//
// +kubebuilder:validation:XValidation:rule="!has(self.observedGeneration) || self.observedGeneration >= 0",message="observedGeneration must not be negative"
type RouteStatus struct {
	// ObservedGeneration is the generation the status describes.
	// +optional
	ObservedGeneration int64 `json:"observedGeneration,omitempty"`
}

// RouteList is a list of Routes.
//
// +k8s:deepcopy-gen:interfaces=k8s.io/apimachinery/pkg/runtime.Object
// +kubebuilder:object:root=true
type RouteList struct {
	metav1.TypeMeta `json:",inline"`
	metav1.ListMeta `json:"metadata,omitempty"`

	Items []Route `json:"items"`
}
