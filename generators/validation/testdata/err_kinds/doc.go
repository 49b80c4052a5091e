// Package errkinds has rules on values they cannot apply to.
//
// +k8s:validation-gen=*
package errkinds

// T has misplaced rules.
type T struct {
	// +k8s:minimum=1
	A string `json:"a"`
	// +k8s:maxLength=3
	B int `json:"b"`
	// +k8s:minItems=1
	C map[string]int `json:"c"`
	// +k8s:maxProperties=1
	D []int `json:"d"`
	// +k8s:required
	E Inner `json:"e"`
	// +k8s:minimum=300
	F int8 `json:"f"`
	// +k8s:format=k8s-nonsense
	G string `json:"g"`
	// +kubebuilder:validation:Pattern=`[a-`
	H string `json:"h"`
	// +kubebuilder:validation:Format=not-a-format
	I string `json:"i"`
	// +k8s:eachVal=+k8s:minimum=1
	J int `json:"j"`
	// +k8s:neq="x"
	K int `json:"k"`
	// +k8s:update=NoModify
	L []int `json:"l"`
	// +k8s:minimum=1
	m int
	// +k8s:maxLength=1
	N string `json:"-"`
	// +kubebuilder:validation:Enum=1;two
	O int `json:"o"`
	// A struct that does not marshal itself is an object.
	// +kubebuilder:validation:MinLength=1
	P Inner `json:"p"`
}

// Inner is a struct.
type Inner struct{}
