// Package errmodes misuses +k8s:modeDiscriminator and +k8s:ifMode.
//
// +k8s:validation-gen=*
package errmodes

// NoDiscriminator has a mode and nothing to select it.
type NoDiscriminator struct {
	// +k8s:ifMode("A")=+k8s:required
	A *string `json:"a,omitempty"`
}

// BadDiscriminators has discriminators that cannot be.
type BadDiscriminators struct {
	// +k8s:modeDiscriminator
	P *string `json:"p"`
	// +k8s:modeDiscriminator
	N int `json:"n"`
	// +k8s:modeDiscriminator(modality: "default")
	R string `json:"r"`
	// +k8s:modeDiscriminator(modality: "1x")
	X string `json:"x"`
	// +k8s:modeDiscriminator
	M string `json:"m"`
	// +k8s:modeDiscriminator
	Dup string `json:"dup"`
	// +k8s:ifMode(modality: "Other", mode: "A")=+k8s:required
	O *string `json:"o,omitempty"`
	// +k8s:ifMode("A")=+k8s:required
	K *string `json:"k,omitempty"`
}

// Kind is an enum discriminator.
//
// +k8s:enum
type Kind string

// The kinds.
const (
	KindFast Kind = "Fast"
	KindSlow Kind = "Slow"
)

// Inner is a struct.
type Inner struct {
	V int `json:"v"`
}

// BadModes has modes that cannot be.
type BadModes struct {
	// +k8s:modeDiscriminator(modality: "B")
	Flag bool `json:"flag"`
	// +k8s:modeDiscriminator
	Kind Kind `json:"kind"`
	// +k8s:ifMode(modality: "B", mode: "maybe")=+k8s:required
	A *string `json:"a,omitempty"`
	// +k8s:ifMode("Medium")=+k8s:required
	B *string `json:"b,omitempty"`
	// +k8s:ifMode("Fast")=+k8s:eachVal=+k8s:minimum=1
	C []int `json:"c,omitempty"`
	// +k8s:ifMode("Fast")=+k8s:optional
	S Inner `json:"s"`
	// +k8s:ifEnabled(F)=+k8s:ifMode("Fast")=+k8s:required
	W *string `json:"w,omitempty"`
	// +k8s:ifMode=+k8s:required
	Y *string `json:"y,omitempty"`
	// +k8s:ifMode("Fast")
	Z *string `json:"z,omitempty"`
	// +k8s:eachVal=+k8s:ifMode("Fast")=+k8s:minimum=1
	E []int `json:"e,omitempty"`
	// +k8s:ifMode(true)=+k8s:required
	T *string `json:"t,omitempty"`
	// +k8s:ifMode(modality: "default", mode: "Fast")=+k8s:required
	U *string `json:"u,omitempty"`
	// +k8s:ifMode("Fast")=+k8s:required
	// +k8s:ifMode("Fast")=+k8s:optional
	V *string `json:"v,omitempty"`
}
