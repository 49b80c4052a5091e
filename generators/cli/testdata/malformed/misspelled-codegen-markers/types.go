package misspelledcodegen

// +genclinet
// +genclient:nonNamespace
type Thing struct {
	Name string `json:"name"`
}
