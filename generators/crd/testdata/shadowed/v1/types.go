package v1

import metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

// HTTPConfig is the client configuration of a probe.
type HTTPConfig struct {
	// Authorization is a bearer token; shadowed by the one of ProbeSpec.
	// +optional
	Authorization *Authorization `json:"authorization,omitempty"`
	// Timeout of the request.
	// +optional
	Timeout string `json:"timeout,omitempty"`
}

// Authorization is how a probe authenticates.
type Authorization struct {
	// Type of the credentials.
	Type string `json:"type"`
}

// Basic is a username, inlined beside Token at the same depth.
type Basic struct {
	// Username to send; at the depth of Token's, and the only one tagged.
	// +optional
	Username string `json:"Username,omitempty"`
	// Password is also in Token: at equal depth, encoding/json drops both.
	// +optional
	Password string `json:"password,omitempty"`
}

// Token is a token, inlined beside Basic.
type Token struct {
	// Password is also in Basic.
	// +optional
	Password string `json:"password,omitempty"`
	// Username of the token, without a JSON tag: Basic's wins.
	// +optional
	Username string
}

// Reason says why a probe failed.
type Reason string

// ReasonInvalid is the reason of a probe whose target is invalid.
const ReasonInvalid Reason = "FieldValueInvalid"

// ProbeSpec is what a probe checks.
type ProbeSpec struct {
	HTTPConfig `json:",inline"`
	Basic      `json:",inline"`
	Token      `json:",inline"`

	// Authorization is required here, and shadows HTTPConfig's.
	Authorization string `json:"authorization"`

	// Reason of a failed probe: both defaults name the same value.
	// +optional
	// +default=ref(ReasonInvalid)
	// +kubebuilder:default=FieldValueInvalid
	Reason Reason `json:"reason,omitempty"`
}

// Probe checks that a host answers.
//
// +kubebuilder:object:root=true
type Probe struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`

	Spec ProbeSpec `json:"spec"`
}
