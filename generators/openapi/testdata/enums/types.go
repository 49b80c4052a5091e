package enums

// Protocol is a network protocol.
// +enum
type Protocol string

const (
	// ProtocolTCP is the TCP protocol.
	ProtocolTCP Protocol = "TCP"
	// ProtocolUDP is the UDP protocol.
	// It has a second line.
	ProtocolUDP Protocol = "UDP"
	// SCTP
	ProtocolSCTP Protocol = "SCTP"
	// ProtocolTCPAgain repeats a value; the longer comment wins.
	ProtocolTCPAgain Protocol = "TCP"
)

// Mode is an enum only by validation-gen's tag: openapi-gen ignores it.
// +k8s:enum
type Mode string

const (
	// ModeFast goes fast.
	ModeFast Mode = "Fast"
	// ModeSlow goes slow.
	ModeSlow Mode = "Slow"
)

// Color is not an enum.
type Color string

const ColorRed Color = "red"

// Endpoint uses the enums.
type Endpoint struct {
	// Protocol is the protocol.
	Protocol Protocol `json:"protocol"`
	// Fallback may be unset.
	// +optional
	Fallback *Protocol `json:"fallback,omitempty"`
	// Protocols are several.
	// +optional
	// +listType=set
	Protocols []Protocol `json:"protocols,omitempty"`
	// ByName maps to protocols.
	// +optional
	ByName map[string]Protocol `json:"byName,omitempty"`
	// Mode is a validation-gen enum.
	// +optional
	Mode Mode `json:"mode,omitempty"`
	// Color is a plain string.
	// +optional
	Color Color `json:"color,omitempty"`
}
