package modes

// StrictUnion needs fieldA in mode A and fieldB in mode B; each is
// forbidden in the other mode.
type StrictUnion struct {
	// +k8s:modeDiscriminator
	D1 string `json:"d1"`

	// +k8s:ifMode("A")=+k8s:required
	FieldA *string `json:"fieldA,omitempty"`

	// +k8s:ifMode("B")=+k8s:required
	FieldB *string `json:"fieldB,omitempty"`
}

// SharedField may have fieldA in modes A and B, and not in others.
type SharedField struct {
	// +k8s:modeDiscriminator
	D1 string `json:"d1"`

	// +k8s:ifMode("A")=+k8s:optional
	// +k8s:ifMode("B")=+k8s:optional
	FieldA *string `json:"fieldA,omitempty"`
}

// Chained adds up two validations for one mode.
type Chained struct {
	// +k8s:modeDiscriminator
	D1 string `json:"d1"`

	// +k8s:ifMode("A")=+k8s:required
	// +k8s:ifMode("A")=+k8s:maxLength=5
	FieldA *string `json:"fieldA,omitempty"`
}

// BoolMode has a bool discriminator with a modality name.
type BoolMode struct {
	// +k8s:modeDiscriminator(modality: "Bool")
	D1 bool `json:"d1"`

	// +k8s:ifMode(modality: "Bool", mode: "true")=+k8s:required
	FieldA *string `json:"fieldA,omitempty"`
}

// TwoModalities has two discriminators, each with its own field.
type TwoModalities struct {
	// +k8s:modeDiscriminator(modality: "D1")
	D1 string `json:"d1"`

	// +k8s:modeDiscriminator(modality: "D2")
	D2 string `json:"d2"`

	// +k8s:ifMode(modality: "D2", mode: "B")=+k8s:required
	FieldB *string `json:"fieldB,omitempty"`

	// +k8s:ifMode(modality: "D1", mode: "A")=+k8s:required
	FieldA *string `json:"fieldA,omitempty"`
}

// Collections has a list and a map that only mode A allows.
type Collections struct {
	// +k8s:modeDiscriminator
	D1 string `json:"d1"`

	// +k8s:ifMode("A")=+k8s:optional
	ListField []string `json:"listField,omitempty"`

	// +k8s:ifMode("A")=+k8s:optional
	MapField map[string]string `json:"mapField,omitempty"`
}

// Kind is the mode of Tuned.
//
// +k8s:enum
type Kind string

// The kinds.
const (
	KindFast Kind = "Fast"
	KindSlow Kind = "Slow"
)

// Tuned has an enum discriminator, a value field with a validation of its
// own beside its mode, an alpha mode and an option inside a mode.
type Tuned struct {
	// +k8s:modeDiscriminator
	Kind Kind `json:"kind"`

	// +k8s:ifMode("Fast")=+k8s:minimum=10
	// +k8s:maximum=1000
	Speed int `json:"speed,omitempty"`

	// +k8s:alpha=+k8s:ifMode("Slow")=+k8s:required
	Delay *int `json:"delay,omitempty"`

	// +k8s:ifMode("Fast")=+k8s:ifEnabled(Turbo)=+k8s:maximum=100
	Boost *int `json:"boost,omitempty"`
}

// Ordered has a dependency and a mode on one field: validation-gen runs
// them by tag name, the dependency first.
type Ordered struct {
	// +k8s:modeDiscriminator
	Mode string `json:"mode"`

	// +k8s:ifMode("On")=+k8s:optional
	// +k8s:dependentRequired(b)
	A *int `json:"a,omitempty"`

	B *int `json:"b,omitempty"`
}
