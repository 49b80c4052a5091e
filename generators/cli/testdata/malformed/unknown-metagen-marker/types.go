package unknownmetagenmarker

// +metagen:frobnicate
type Good struct{ Items []string }
