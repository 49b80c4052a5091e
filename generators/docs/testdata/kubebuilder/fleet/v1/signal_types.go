package v1

import metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

// Channels are radio channels, each listed once.
// +listType=set
// +kubebuilder:validation:MaxItems=8
type Channels []string

// Codebook maps code words to their meaning; it is replaced as a whole.
// +mapType:=atomic
type Codebook map[string]string

// CodeWord is one word of the codebook.
// +kubebuilder:validation:MaxLength=12
// +kubebuilder:validation:XValidation:rule="self == self.upperAscii()",message="code words are upper case"
type CodeWord string

// Lamp is a signal lamp.
type Lamp struct {
	// Color of the lamp.
	// +kubebuilder:validation:Enum=red;green;white
	Color string `json:"color"`
}

// Recipient is whom a signal goes to: exactly one of a ship or a harbor,
// and at most one of a relay or a repeater.
//
// +kubebuilder:validation:XValidation:rule="!has(self.relay) || self.relay != self.ship",message="a ship does not relay to itself"
// +kubebuilder:validation:ExactlyOneOf=ship;harbor
// +kubebuilder:validation:AtMostOneOf=relay;repeater
// +kubebuilder:validation:AtLeastOneOf={ship,harbor,relay}
type Recipient struct {
	// Ship is the name of a ship.
	// +kubebuilder:validation:MaxLength=63
	// +optional
	Ship *string `json:"ship,omitempty"`
	// Harbor is the name of a harbor.
	// +kubebuilder:validation:MaxLength=63
	// +optional
	Harbor *string `json:"harbor,omitempty"`
	// Relay is a ship that passes the signal on.
	// +kubebuilder:validation:MaxLength=63
	// +optional
	Relay *string `json:"relay,omitempty"`
	// Repeater is a station that passes the signal on.
	// +optional
	Repeater *string `json:"repeater,omitempty"`
}

// SignalSpec defines the desired state of Signal.
type SignalSpec struct {
	// Frequency is fixed when the signal is created.
	// +k8s:immutable
	// +required
	Frequency int64 `json:"frequency"`

	// Operator may be set once, and not changed or removed after.
	// +k8s:immutable
	// +optional
	Operator string `json:"operator,omitempty"`

	// Recipient is whom the signal goes to.
	// +kubebuilder:validation:XValidation:rule="!has(self.repeater) || has(self.harbor)",message="repeaters only serve harbors"
	Recipient Recipient `json:"recipient"`

	// Channels it may be sent on.
	// +optional
	Channels Channels `json:"channels,omitempty"`

	// +optional
	Codebook Codebook `json:"codebook,omitempty"`

	// +optional
	Word CodeWord `json:"word,omitempty"`

	// Repeats is how often to repeat; a plain int.
	// +kubebuilder:validation:Minimum=0
	// +optional
	Repeats int `json:"repeats,omitempty"`

	// Strength is a byte-sized level.
	// +optional
	Strength uint8 `json:"strength,omitempty"`

	// Flashes are lamp flash lengths in tenths of a second: odd and short.
	// +kubebuilder:validation:items:Minimum:=1
	// +kubebuilder:validation:items:Enum=1;3;5;7
	// +kubebuilder:validation:items:XValidation:rule="self % 2 == 1",message="flashes are odd"
	// +optional
	Flashes []int32 `json:"flashes,omitempty"`

	// Level only rises.
	// +kubebuilder:validation:XValidation:rule="!oldSelf.hasValue() || self >= oldSelf.value()",optionalOldSelf=true,message="level only rises"
	// +optional
	Level *int32 `json:"level,omitempty"`

	// Pattern is the blink pattern.
	// +kubebuilder:title="Blink pattern"
	// +kubebuilder:externalDocs:url="https://en.wikipedia.org/wiki/Morse_code",description="Morse code"
	// +optional
	Pattern string `json:"pattern,omitempty"`

	// Priority is a number the radio sends as a string.
	// +kubebuilder:validation:Type=string
	// +kubebuilder:validation:Pattern=`^[0-9]+$`
	// +optional
	Priority int32 `json:"priority,string,omitempty"`

	// Lamps are the lamps, by position; a missing one is null.
	// +optional
	Lamps []*Lamp `json:"lamps,omitempty"`

	// Spares are spare lamps by locker.
	// +optional
	Spares map[string]*Lamp `json:"spares,omitempty"`

	// Watchers select who is told.
	// +optional
	Watchers *metav1.LabelSelector `json:"watchers,omitempty"`

	// Archive keeps copies of the signal.
	// +optional
	Archive *Archive `json:"archive,omitempty"`

	// Ack is the acknowledgement, which may be null.
	// +nullable
	// +optional
	Ack []string `json:"ack,omitempty"`

	// Volume is one of three levels.
	// +kubebuilder:validation:Enum=1;2;3
	// +optional
	Volume int32 `json:"volume,omitempty"`

	// Mode is one of two words with a space.
	// +kubebuilder:validation:Enum="short range";"long range"
	// +optional
	Mode string `json:"mode,omitempty"`
}

// Archive describes where copies of a signal go.
type Archive struct {
	// Metadata of the archived copies.
	// +optional
	metav1.ObjectMeta `json:"metadata,omitempty"`

	// Copies is how many copies to keep.
	// +k8s:minimum=1
	// +k8s:required
	Copies int32 `json:"copies"`

	// Stores are the stores, by name.
	// +k8s:listType=map
	// +k8s:listMapKey=name
	// +k8s:maxItems=4
	// +k8s:optional
	Stores []Store `json:"stores,omitempty"`
}

// Store is one archive store.
type Store struct {
	// Name of the store.
	Name string `json:"name"`
	// Extra holds what else the store needs.
	*StoreExtra `json:",inline"`
}

// StoreExtra is inlined into Store through a pointer.
type StoreExtra struct {
	// Region of the store.
	// +optional
	Region string `json:"region,omitempty"`
}

// SignalStatus defines the observed state of Signal.
type SignalStatus struct {
	// Sent says whether the signal went out.
	// +optional
	Sent bool `json:"sent,omitempty"`
}

// Signal is a message sent between ships.
//
// +kubebuilder:object:root=true
// +kubebuilder:subresource:status
type Signal struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`

	// +required
	Spec SignalSpec `json:"spec"`
	// +optional
	Status SignalStatus `json:"status,omitempty"`
}

// SignalList contains a list of Signal.
//
// +kubebuilder:object:root=true
type SignalList struct {
	metav1.TypeMeta `json:",inline"`
	metav1.ListMeta `json:"metadata,omitempty"`
	Items           []Signal `json:"items"`
}
