package optionalontype

// +optional
type Good struct{ Items []string }
