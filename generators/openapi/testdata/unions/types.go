package unions

// Source is a union by its type marker: every field is a member but the
// discriminator.
// +union
type Source struct {
	// Type says which member is set.
	// +unionDiscriminator
	Type string `json:"type"`
	// File is one member.
	// +optional
	File *string `json:"file,omitempty"`
	// URL is another.
	// +optional
	URL *string `json:"url,omitempty"`
}

// Legacy has a union of deprecated members.
type Legacy struct {
	// Kind discriminates.
	// +unionDiscriminator
	Kind string `json:"kind"`
	// Old is deprecated.
	// +optional
	// +unionDeprecated
	Old *string `json:"old,omitempty"`
	// Older is deprecated too.
	// +optional
	// +unionDeprecated
	Older *string `json:"older,omitempty"`
	// Source is a member that is a union itself, inlined.
	Source `json:",inline"`
}
