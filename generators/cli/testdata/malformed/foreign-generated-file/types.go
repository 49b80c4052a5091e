package foreigngeneratedfile

// Thing has a list, so it needs its copy methods.
type Thing struct {
	Items []string `json:"items"`
}
