package v1

import (
	"k8s.io/apimachinery/pkg/api/resource"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
)

// +kubebuilder:object:root=true

// Probe is a root type.
type Probe struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`
	Spec              ProbeSpec `json:"spec,omitempty"`
}

// ProbeSpec has a field per shape.
type ProbeSpec struct {
	// A pattern over Quantity's own.
	// +kubebuilder:validation:XIntOrString
	// +kubebuilder:validation:Pattern=`^[0-9]+(Mi|Gi)$`
	// +optional
	Memory *resource.Quantity `json:"memory,omitempty"`

	// A wider enum than its type's: the type's is kept.
	// +kubebuilder:validation:Enum=HTTP;Image;ConfigMap
	// +optional
	Source SourceType `json:"source,omitempty"`

	// The same enum as its type's.
	// +kubebuilder:validation:Enum=HTTP;Image
	// +optional
	SameSource SourceType `json:"sameSource,omitempty"`

	// A shorter bound than its type's.
	// +kubebuilder:validation:MaxLength=5
	// +optional
	Short Name `json:"short,omitempty"`

	// The same bound as its type's.
	// +kubebuilder:validation:MaxLength=10
	// +optional
	SameLength Name `json:"sameLength,omitempty"`

	// Another pattern than its type's.
	// +kubebuilder:validation:Pattern=`^[a-z]+$`
	// +optional
	Lower Name `json:"lower,omitempty"`

	// The same pattern as its type's.
	// +kubebuilder:validation:Pattern=`^[a-z0-9]+$`
	// +optional
	SamePattern Name `json:"samePattern,omitempty"`

	// A minimum over its type's, and a maximum its type does not have.
	// +kubebuilder:validation:Minimum=10
	// +kubebuilder:validation:Maximum=100
	// +optional
	Port PortNumber `json:"port,omitempty"`

	// Another format than its type's.
	// +kubebuilder:validation:Format=ipv6
	// +optional
	Address Address `json:"address,omitempty"`

	// The same format as its type's.
	// +kubebuilder:validation:Format=ipv4
	// +optional
	SameAddress Address `json:"sameAddress,omitempty"`

	// Another format than Time's.
	// +kubebuilder:validation:Format=date
	// +optional
	Day *metav1.Time `json:"day,omitempty"`

	// A type declared on another, each with its own bounds.
	// +optional
	Header HTTPHeader `json:"header,omitempty"`

	// A field over a type declared on another.
	// +kubebuilder:validation:MaxLength=3
	// +optional
	Tiny HTTPHeader `json:"tiny,omitempty"`

	// +optional
	Headers []HTTPHeader `json:"headers,omitempty"`

	// Items markers over the item type's.
	// +kubebuilder:validation:items:MaxLength=3
	// +kubebuilder:validation:items:Pattern=`^[a-z]+$`
	// +optional
	Names []Name `json:"names,omitempty"`

	// Property counts: equal ones are kept once, others twice.
	// +kubebuilder:validation:Type=object
	// +kubebuilder:validation:MinProperties=1
	// +kubebuilder:validation:MaxProperties=4
	// +optional
	Settings *Settings `json:"settings,omitempty"`

	// A rule of the field's and one of the type's: the field's first.
	// +kubebuilder:validation:XValidation:rule="self.size() > 1",message="field rule"
	// +optional
	Ruled Name `json:"ruled,omitempty"`

	// A format over a chain of types declared on one another, whose
	// formats conflict: a type's schema carries the format of the type it
	// is declared as (of its package), so the hoisted format comes back.
	// +kubebuilder:validation:Format=ipv6
	// +optional
	Deep Third `json:"deep,omitempty"`

	// The chain with a field bound only.
	// +kubebuilder:validation:MinLength=2
	// +optional
	Tail Third `json:"tail,omitempty"`

	// A numeric enum and a maximum over the type's.
	// +kubebuilder:validation:Enum=1;2;3
	// +optional
	Level Level `json:"level,omitempty"`

	// +kubebuilder:validation:Maximum=5
	// +optional
	MaxLevel *Level `json:"maxLevel,omitempty"`

	// Map values of a named type.
	// +optional
	ByName map[string]Name `json:"byName,omitempty"`

	// Limits of a named list type, with its own.
	// +kubebuilder:validation:MaxItems=2
	// +optional
	Hosts Hosts `json:"hosts,omitempty"`
}

// SourceType is where code comes from.
// +kubebuilder:validation:Enum=HTTP;Image
type SourceType string

// Name is a short name.
// +kubebuilder:validation:MaxLength=10
// +kubebuilder:validation:Pattern=`^[a-z0-9]+$`
// +kubebuilder:validation:XValidation:rule="self != 'x'",message="type rule"
type Name string

// PortNumber is a port.
// +kubebuilder:validation:Minimum=1
// +kubebuilder:validation:Maximum=65535
type PortNumber int32

// Address is an IP address.
// +kubebuilder:validation:Format=ipv4
type Address string

// HeaderName is a header name.
// +kubebuilder:validation:MinLength=1
// +kubebuilder:validation:MaxLength=8
// +kubebuilder:validation:Pattern=`^[A-Za-z-]+$`
type HeaderName string

// HTTPHeader is declared as HeaderName, with its own bound and pattern.
// +kubebuilder:validation:MaxLength=5
// +kubebuilder:validation:Pattern=`^[A-Z][A-Za-z-]*$`
type HTTPHeader HeaderName

// Hosts is a list of hosts.
// +kubebuilder:validation:MaxItems=4
// +kubebuilder:validation:MinItems=1
type Hosts []string

// Settings are named values.
// +kubebuilder:validation:MinProperties=1
// +kubebuilder:validation:MaxProperties=8
type Settings struct {
	// +optional
	A string `json:"a,omitempty"`
	// +optional
	B string `json:"b,omitempty"`
}

// First has a format.
// +kubebuilder:validation:Format=ipv4
// +kubebuilder:validation:MaxLength=20
type First string

// Second is declared as First.
// +kubebuilder:validation:Format=hostname
type Second First

// Third is declared as Second.
// +kubebuilder:validation:MaxLength=15
type Third Second

// Level is a level.
// +kubebuilder:validation:Enum=1;2
// +kubebuilder:validation:Maximum=2
type Level int32
