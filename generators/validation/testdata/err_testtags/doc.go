// Package errtesttags misuses validation-gen's test-only tags.
//
// +k8s:validation-gen=*
package errtesttags

// T has one misuse per field.
type T struct {
	// +k8s:validateError="boom"
	A string `json:"a"`
	// +k8s:validateFalse(flags: "Sometimes")
	B string `json:"b"`
	// +k8s:validateFalse=42
	C string `json:"c"`
	// +k8s:validateFalse(color: "red")
	D string `json:"d"`
	// +k8s:validateFalse(typeArg: "string")
	E int `json:"e"`
	// +k8s:validateFalse(typeArg: "int")
	F []int `json:"f"`
	// +k8s:validateTrue(flags: 1)
	G string `json:"g"`
}
