package testscheme

// Named is a struct, registered by pointer.
type Named struct {
	// +k8s:maxLength=3
	Name string `json:"name"`
}

// Labels is a map type, registered by value.
//
// +k8s:maxProperties=1
type Labels map[string]string

// Names is a list type, registered by value.
//
// +k8s:eachVal=+k8s:maxLength=3
type Names []string
