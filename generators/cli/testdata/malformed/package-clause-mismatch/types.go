package otherpackage

// Thing is in a file whose package clause disagrees with doc.go's.
type Thing struct {
	Items []string `json:"items"`
}
