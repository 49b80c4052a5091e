package unions

// Source is exactly one of its members.
type Source struct {
	// +k8s:unionMember
	// +k8s:optional
	Git *Git `json:"git,omitempty"`
	// +k8s:unionMember
	// +k8s:optional
	URL string `json:"url,omitempty"`
}

// Git is a git source.
type Git struct {
	// +k8s:required
	Repo string `json:"repo"`
}

// Mode picks a member.
type Mode string

// Strategy is a discriminated union with a zero-or-one-of group and
// dependencies beside it.
type Strategy struct {
	// +k8s:unionDiscriminator
	Type Mode `json:"type"`
	// +k8s:unionMember
	// +k8s:optional
	Rolling *int `json:"rolling,omitempty"`
	// +k8s:unionMember(memberName: "Recreate")
	// +k8s:optional
	Delay *int `json:"delay,omitempty"`

	// +k8s:zeroOrOneOfMember(union: "limits")
	Cores int `json:"cores,omitempty"`
	// +k8s:zeroOrOneOfMember(union: "limits")
	Shares []string `json:"shares,omitempty"`

	// +k8s:dependentRequired(password)
	// +k8s:dependentForbidden(token)
	User     string  `json:"user,omitempty"`
	Password string  `json:"password,omitempty"`
	Token    *string `json:"token,omitempty"`
}
