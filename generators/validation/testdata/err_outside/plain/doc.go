// Package plain is loaded with errouside but does not opt in to validation
// and declares no Validate_ function.
package plain

// Thing has no known validation.
type Thing struct {
	Name string `json:"name"`
}

// Key is a named map key.
type Key string
