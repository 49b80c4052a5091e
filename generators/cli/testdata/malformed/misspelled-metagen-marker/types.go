package misspelledmetagenmarker

// +metagen:finalizers-allowed=example.com/cleanup
type Good struct{ Items []string }
