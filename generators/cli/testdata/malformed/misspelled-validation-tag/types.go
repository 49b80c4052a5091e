package misspelledvalidationtag

type Thing struct {
	// +k8s:requried
	Name string `json:"name"`
	// +k8s:Optional
	Nick string `json:"nick,omitempty"`
}
