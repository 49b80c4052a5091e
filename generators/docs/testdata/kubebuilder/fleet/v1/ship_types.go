package v1

import (
	corev1 "k8s.io/api/core/v1"
	apiextensionsv1 "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1"
	"k8s.io/apimachinery/pkg/api/resource"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/util/intstr"
)

// ShipClass is the class of a ship.
// +kubebuilder:validation:Enum=Frigate;Destroyer;Carrier
type ShipClass string

const (
	// ClassFrigate is a small warship.
	ClassFrigate ShipClass = "Frigate"
	// ClassDestroyer is a fast warship.
	ClassDestroyer ShipClass = "Destroyer"
	// ClassCarrier carries aircraft.
	ClassCarrier ShipClass = "Carrier"
)

// Heading is a compass heading in degrees.
// +kubebuilder:validation:Minimum=0
// +kubebuilder:validation:Maximum=359
type Heading int32

// Callsign is a radio callsign.
// +kubebuilder:validation:MinLength=3
// +kubebuilder:validation:MaxLength=8
// +kubebuilder:validation:Pattern=`^[A-Z0-9]+$`
type Callsign string

// ShipSpec defines the desired state of Ship.
type ShipSpec struct {
	// Class is the ship class.
	// +kubebuilder:default=Frigate
	Class ShipClass `json:"class"`

	// Replicas is how many identical ships sail.
	// +kubebuilder:validation:Minimum=0
	// +kubebuilder:validation:Maximum=100
	// +kubebuilder:default=1
	// +optional
	Replicas *int32 `json:"replicas,omitempty"`

	// Heading is where the ship points.
	// +optional
	Heading Heading `json:"heading,omitempty"`

	// Callsign identifies the ship on the radio.
	Callsign Callsign `json:"callsign"`

	// Speed is the cruising speed in knots; it must be above 0 and below 60,
	// in steps of 5.
	// +kubebuilder:validation:Minimum=0
	// +kubebuilder:validation:ExclusiveMinimum=true
	// +kubebuilder:validation:Maximum=60
	// +kubebuilder:validation:ExclusiveMaximum=true
	// +kubebuilder:validation:MultipleOf=5
	// +optional
	Speed int32 `json:"speed,omitempty"`

	// Homepage is where to read about the ship.
	// +kubebuilder:validation:Format=uri
	// +kubebuilder:example="https://fleet.example.com/ships/bounty"
	// +optional
	Homepage string `json:"homepage,omitempty"`

	// Captain is the captain's e-mail.
	// +kubebuilder:validation:Format=email
	// +optional
	Captain string `json:"captain,omitempty"`

	// Ports the ship may call at, each at most once.
	// +kubebuilder:validation:MinItems=1
	// +kubebuilder:validation:MaxItems=10
	// +kubebuilder:validation:items:MaxLength=32
	// +kubebuilder:validation:items:Pattern=`^[a-z-]+$`
	// +listType=set
	// +optional
	Ports []string `json:"ports,omitempty"`

	// Crew are the crew members, by name.
	// +listType=map
	// +listMapKey=name
	// +optional
	Crew []CrewMember `json:"crew,omitempty"`

	// Watches are the watch rotations, by day and hour.
	// +listType=map
	// +listMapKey=day
	// +listMapKey=hour
	// +optional
	Watches []Watch `json:"watches,omitempty"`

	// Flags are extra labels.
	// +kubebuilder:validation:MinProperties=1
	// +kubebuilder:validation:MaxProperties=16
	// +mapType=atomic
	// +optional
	Flags map[string]string `json:"flags,omitempty"`

	// Cabins are the cabins, by deck.
	// +optional
	Cabins map[string]Cabin `json:"cabins,omitempty"`

	// Grid is the deck plan, row by row.
	// +optional
	Grid [][]int32 `json:"grid,omitempty"`

	// Logo is a PNG image.
	// +optional
	Logo []byte `json:"logo,omitempty"`

	// Hull describes the hull.
	Hull Hull `json:"hull"`

	// Engine describes the engine, when there is one.
	// +optional
	Engine *Engine `json:"engine,omitempty"`

	// Rig is replaced as a whole.
	// +structType=atomic
	// +optional
	Rig *Rig `json:"rig,omitempty"`

	// Cargo is the cargo capacity.
	// +optional
	Cargo *resource.Quantity `json:"cargo,omitempty"`

	// Berth is a port number or a berth name.
	// +optional
	Berth *intstr.IntOrString `json:"berth,omitempty"`

	// MaxUnavailable is a number or a percentage of the replicas.
	// +kubebuilder:validation:XIntOrString
	// +kubebuilder:validation:Pattern=`^(100|[1-9]?[0-9])%?$`
	// +optional
	MaxUnavailable *intstr.IntOrString `json:"maxUnavailable,omitempty"`

	// Launched is when the ship was launched.
	// +optional
	Launched *metav1.Time `json:"launched,omitempty"`

	// Voyage is how long a voyage lasts.
	// +kubebuilder:default="720h"
	// +optional
	Voyage *metav1.Duration `json:"voyage,omitempty"`

	// Manifest is free-form data the cargo office keeps.
	// +kubebuilder:pruning:PreserveUnknownFields
	// +optional
	Manifest runtime.RawExtension `json:"manifest,omitempty"`

	// Escort is an embedded object of any kind.
	// +kubebuilder:validation:EmbeddedResource
	// +kubebuilder:pruning:PreserveUnknownFields
	// +optional
	Escort *runtime.RawExtension `json:"escort,omitempty"`

	// Settings are arbitrary JSON.
	// +optional
	Settings *apiextensionsv1.JSON `json:"settings,omitempty"`

	// Extras keeps whatever fields are set.
	// +kubebuilder:validation:XPreserveUnknownFields
	// +optional
	Extras *Extras `json:"extras,omitempty"`

	// Template is the pod that runs the ship's computer; its schema is
	// left out, as it is large.
	// +kubebuilder:validation:Schemaless
	// +kubebuilder:validation:Type=object
	// +kubebuilder:pruning:PreserveUnknownFields
	// +optional
	Template *corev1.PodTemplateSpec `json:"template,omitempty"`

	// Sidecar is an embedded resource with a known shape.
	// +kubebuilder:validation:XEmbeddedResource
	// +optional
	Sidecar *Sidecar `json:"sidecar,omitempty"`

	// PullSecret names the secret to pull images with.
	// +optional
	PullSecret *corev1.LocalObjectReference `json:"pullSecret,omitempty"`

	// Resources are the computer's resources.
	// +optional
	Resources corev1.ResourceRequirements `json:"resources,omitempty"`

	// Retired says the ship no longer sails; once set, it stays.
	// +kubebuilder:validation:XValidation:rule="self == oldSelf",message="retired is immutable"
	// +optional
	Retired *bool `json:"retired,omitempty"`

	// Nickname may be null.
	// +nullable
	// +optional
	Nickname *string `json:"nickname,omitempty"`

	// Defaults shows defaults of every shape.
	// +kubebuilder:default={}
	// +optional
	Defaults Defaults `json:"defaults,omitzero"`
}

// CrewMember is one member of the crew.
type CrewMember struct {
	// Name identifies the member.
	// +kubebuilder:validation:MaxLength=63
	Name string `json:"name"`

	// Rank is the member's rank.
	// +kubebuilder:validation:Enum=Captain;Officer;Sailor
	// +kubebuilder:default=Sailor
	// +optional
	Rank string `json:"rank,omitempty"`

	// Age in years.
	// +kubebuilder:validation:Minimum=16
	// +optional
	Age int32 `json:"age,omitempty"`
}

// Watch is one watch rotation.
type Watch struct {
	// Day of the week.
	Day string `json:"day"`
	// Hour of the day.
	Hour int32 `json:"hour"`
	// Officer in charge.
	// +optional
	Officer string `json:"officer,omitempty"`
}

// Cabin is one cabin.
type Cabin struct {
	// Berths is how many sleep there.
	Berths int32 `json:"berths"`
	// Occupants by name.
	// +optional
	Occupants []string `json:"occupants,omitempty"`
}

// Hull describes a ship's hull.
//
// +kubebuilder:validation:XValidation:rule="self.length > self.beam",message="a hull is longer than it is wide",reason=FieldValueInvalid,fieldPath=".length"
// +kubebuilder:validation:XValidation:rule="self.beam > 0",messageExpression="'the beam of a ' + self.material + ' hull must be positive'"
type Hull struct {
	// Length in meters.
	Length int32 `json:"length"`
	// Beam in meters.
	Beam int32 `json:"beam"`
	// Material of the hull.
	// +kubebuilder:validation:MaxLength=32
	// +kubebuilder:default=steel
	// +optional
	Material string `json:"material,omitempty"`
}

// Engine is a ship's engine.
type Engine struct {
	// Kind of engine.
	// +required
	Kind string `json:"kind,omitempty"`
	// Power in kilowatts.
	// +kubebuilder:validation:Required
	Power int64 `json:"power,omitempty"`
	// Serial number.
	// +kubebuilder:validation:Optional
	Serial string `json:"serial"`
}

// Rig is a sailing rig.
type Rig struct {
	// Masts is how many masts.
	Masts int32 `json:"masts"`
}

// Extras are free-form extras with one known field.
type Extras struct {
	// Note is a free-form note.
	// +optional
	Note string `json:"note,omitempty"`
}

// Sidecar is an embedded object with apiVersion, kind and metadata.
type Sidecar struct {
	metav1.TypeMeta `json:",inline"`
	// +optional
	metav1.ObjectMeta `json:"metadata,omitempty"`
	// Image to run.
	Image string `json:"image"`
}

// Defaults has defaults of every shape.
type Defaults struct {
	// Count is a number.
	// +kubebuilder:default=3
	// +optional
	Count int32 `json:"count,omitempty"`
	// Ratio is a string that looks like a number.
	// +kubebuilder:default="0.5"
	// +optional
	Ratio string `json:"ratio,omitempty"`
	// Enabled is a boolean.
	// +kubebuilder:default=true
	// +optional
	Enabled bool `json:"enabled,omitempty"`
	// Names is a list.
	// +kubebuilder:default={"alpha","beta"}
	// +optional
	Names []string `json:"names,omitempty"`
	// Limits is a map.
	// +kubebuilder:default={"cpu":"1","memory":"1Gi"}
	// +optional
	Limits map[string]string `json:"limits,omitempty"`
	// Window is an object.
	// +kubebuilder:default={start: 8, end: 18}
	// +optional
	Window *Window `json:"window,omitempty"`
}

// Window is a time window.
type Window struct {
	// Start hour.
	Start int32 `json:"start"`
	// End hour.
	End int32 `json:"end"`
}

// ShipStatus defines the observed state of Ship.
type ShipStatus struct {
	// Replicas is how many ships sail.
	// +optional
	Replicas int32 `json:"replicas,omitempty"`

	// Selector selects the ships, for the scale subresource.
	// +optional
	Selector string `json:"selector,omitempty"`

	// Conditions are the latest observations of the ship's state.
	// +listType=map
	// +listMapKey=type
	// +optional
	Conditions []metav1.Condition `json:"conditions,omitempty"`

	// LastSeen is when the ship was last seen.
	// +optional
	LastSeen metav1.Time `json:"lastSeen,omitzero"`

	// ObservedGeneration is the generation last seen.
	// +optional
	ObservedGeneration int64 `json:"observedGeneration,omitempty"`
}

// Ship is a vessel of the fleet.
//
// A ship sails under one flag and carries cargo. This second paragraph
// spans two lines.
//
// TODO(fleet): split the crew out into its own resource.
//
// +kubebuilder:object:root=true
// +kubebuilder:subresource:status
// +kubebuilder:subresource:scale:specpath=.spec.replicas,statuspath=.status.replicas,selectorpath=.status.selector
// +kubebuilder:resource:shortName=sh;shp,categories=fleet;all
// +kubebuilder:printcolumn:name="Class",type=string,JSONPath=`.spec.class`,description="The ship class"
// +kubebuilder:printcolumn:name="Replicas",type=integer,JSONPath=`.status.replicas`,priority=1
// +kubebuilder:printcolumn:name="Ready",type=string,JSONPath=`.status.conditions[?(@.type=="Ready")].status`
// +kubebuilder:printcolumn:name="Age",type=date,JSONPath=`.metadata.creationTimestamp`
// +kubebuilder:selectablefield:JSONPath=`.spec.class`
// +kubebuilder:storageversion
// +kubebuilder:metadata:annotations="fleet.example.com/owner=ops",labels="tier=core"
// +kubebuilder:validation:XValidation:rule="self.metadata.name.size() <= 40",message="a ship's name has at most 40 characters"
type Ship struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`

	// spec defines the desired state of Ship.
	// +required
	Spec ShipSpec `json:"spec"`

	// status defines the observed state of Ship.
	// +optional
	Status ShipStatus `json:"status,omitempty,omitzero"`
}

// ShipList contains a list of Ship.
//
// +kubebuilder:object:root=true
type ShipList struct {
	metav1.TypeMeta `json:",inline"`
	metav1.ListMeta `json:"metadata,omitempty"`
	Items           []Ship `json:"items"`
}
