package enumexclude

// Protocol leaves Legacy out.
//
// +k8s:enum
type Protocol string

// The protocols.
const (
	ProtocolTCP Protocol = "TCP"
	ProtocolUDP Protocol = "UDP"

	// ProtocolLegacy is still declared for old clients.
	//
	// +k8s:enumExclude
	ProtocolLegacy Protocol = "Legacy"
)

// Conditional has values that options take out.
//
// +k8s:enum
type Conditional string

// The conditional values.
const (
	// +k8s:ifEnabled(FeatureA)=+k8s:enumExclude
	ConditionalA Conditional = "A"

	// +k8s:ifDisabled(FeatureB)=+k8s:enumExclude
	ConditionalB Conditional = "B"

	// ConditionalC is always in.
	ConditionalC Conditional = "C"

	// +k8s:ifEnabled(FeatureB)=+k8s:enumExclude
	// +k8s:ifEnabled(FeatureA)=+k8s:enumExclude
	ConditionalD Conditional = "D"

	// +k8s:ifEnabled(FeatureD)=+k8s:enumExclude
	// +k8s:ifDisabled(FeatureC)=+k8s:enumExclude
	ConditionalF Conditional = "F"
)

// Retired has no value left.
//
// +k8s:enum
type Retired string

// RetiredOnly is declared on its own.
//
// +k8s:enumExclude
const RetiredOnly Retired = "Only"

// Spec uses the enums.
type Spec struct {
	Protocol    Protocol     `json:"protocol"`
	Conditional *Conditional `json:"conditional,omitempty"`
	Retired     *Retired     `json:"retired,omitempty"`
}
