package handnamed

// Named declares its model name by hand: no method is generated for it.
type Named struct {
	// Name names it.
	Name string `json:"name"`
	// Generated refers to a type whose method is generated.
	Generated Generated `json:"generated"`
}

// OpenAPIModelName is written by hand.
func (Named) OpenAPIModelName() string { return "com.example.handnamed.Named" }

// Generated gets its method generated.
type Generated struct {
	// Name names it.
	Name string `json:"name"`
}
