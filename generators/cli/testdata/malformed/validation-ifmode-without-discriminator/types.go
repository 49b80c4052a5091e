package ifmodewithoutdiscriminator

type Spec struct {
	Mode string `json:"mode"`
	// +k8s:ifMode(mode: "Fast")=+k8s:required
	Speed *int `json:"speed,omitempty"`
}
