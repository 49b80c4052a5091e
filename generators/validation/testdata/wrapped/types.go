package wrapped

// Access is exactly one of its members, as an alpha validation.
type Access struct {
	// +optional
	// +k8s:alpha(since: "1.37")=+k8s:optional
	// +k8s:alpha(since: "1.37")=+k8s:unionMember
	Resource *Target `json:"resource,omitempty"`
	// +optional
	// +k8s:alpha(since: "1.37")=+k8s:optional
	// +k8s:alpha(since: "1.37")=+k8s:unionMember
	NonResource *Target `json:"nonResource,omitempty"`
}

// Target is a member.
type Target struct {
	// +k8s:required
	Path string `json:"path"`
}

// Value is a discriminated union under beta, with a plain discriminator.
type Value struct {
	// +k8s:unionDiscriminator
	Kind string `json:"kind"`
	// +k8s:beta=+k8s:optional
	// +k8s:beta=+k8s:unionMember
	Int *int64 `json:"int,omitempty"`
	// +k8s:beta=+k8s:optional
	// +k8s:beta=+k8s:unionMember(memberName: "Text")
	String *string `json:"string,omitempty"`
}

// Request has conditions, of which at most one is Approved or Denied.
type Request struct {
	// +k8s:listType=map
	// +k8s:listMapKey=type
	// +k8s:beta(since: "1.37")=+k8s:customUnique
	// +k8s:beta(since: "1.37")=+k8s:optional
	// +k8s:beta(since: "1.37")=+k8s:item(type: "Approved")=+k8s:zeroOrOneOfMember
	// +k8s:beta(since: "1.37")=+k8s:item(type: "Denied")=+k8s:zeroOrOneOfMember
	Conditions []Condition `json:"conditions,omitempty"`
}

// Condition is keyed by type.
type Condition struct {
	Type   string `json:"type"`
	Reason string `json:"reason,omitempty"`
}

// Job has alpha dependencies with quoted and bare siblings, and options.
type Job struct {
	// +k8s:optional
	BackoffLimitPerIndex *int32 `json:"backoffLimitPerIndex,omitempty"`
	// +k8s:optional
	// +k8s:alpha(since: "1.37")=+k8s:dependentRequired("backoffLimitPerIndex")
	MaxFailedIndexes *int32 `json:"maxFailedIndexes,omitempty"`
	// +k8s:ifEnabled(Groups)=+k8s:dependentForbidden(group)
	Responders []string `json:"responders,omitempty"`
	Group      string   `json:"group,omitempty"`
	// +k8s:ifDisabled(Strict)=+k8s:zeroOrOneOfMember
	A *int `json:"a,omitempty"`
	// +k8s:ifDisabled(Strict)=+k8s:zeroOrOneOfMember
	B *int `json:"b,omitempty"`
}

// Mode picks how requests are limited.
type Mode string

// The modes.
const (
	ModeExempt  Mode = "Exempt"
	ModeLimited Mode = "Limited"
)

// Priority has a beta mode discriminator and beta modes, and a union
// checked only while an option is enabled.
type Priority struct {
	// +required
	// +k8s:beta(since: "1.37")=+k8s:required
	// +k8s:beta(since: "1.37")=+k8s:modeDiscriminator
	Type Mode `json:"type"`
	// +optional
	// +k8s:beta(since: "1.37")=+k8s:optional
	// +k8s:beta(since: "1.37")=+k8s:ifMode("Limited")=+k8s:required
	Limited *Limits `json:"limited,omitempty"`
	// +optional
	// +k8s:beta(since: "1.37")=+k8s:optional
	// +k8s:beta(since: "1.37")=+k8s:ifMode("Exempt")=+k8s:optional
	Exempt *Limits `json:"exempt,omitempty"`

	// +k8s:ifEnabled(Shares)=+k8s:unionDiscriminator
	Policy string `json:"policy,omitempty"`
	// +k8s:ifEnabled(Shares)=+k8s:unionMember
	Fixed *int32 `json:"fixed,omitempty"`
	// +k8s:ifEnabled(Shares)=+k8s:unionMember
	Shared *int32 `json:"shared,omitempty"`
}

// Limits are a mode's settings.
type Limits struct {
	Shares int32 `json:"shares,omitempty"`
}
