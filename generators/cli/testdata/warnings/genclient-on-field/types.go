package genclientonfield

type Good struct {
	// +genclient
	Items []string `json:"items"`
}
