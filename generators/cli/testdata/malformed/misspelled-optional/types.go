package misspelledoptional

type Good struct {
	// +optinal
	Items []string `json:"items,omitempty"`
}
