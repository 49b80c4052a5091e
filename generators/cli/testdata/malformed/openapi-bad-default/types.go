package baddefault

// Thing has defaults that cannot be.
type Thing struct {
	// Mode has a default that is not JSON.
	// +optional
	// +default=fast
	Mode string `json:"mode,omitempty"`
	// Count is not omitempty, so it always decodes to zero: 3 cannot be its default.
	// +default=3
	Count int32 `json:"count"`
}
