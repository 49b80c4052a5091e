package unsupported

// Thing has fields OpenAPI cannot describe.
type Thing struct {
	// ByNumber has integer keys.
	ByNumber map[int]string `json:"byNumber"`
	// Inline is an anonymous struct.
	Inline struct {
		A string `json:"a"`
	} `json:"inline"`
	// Complex is a complex number.
	Complex complex128 `json:"complex"`
}
