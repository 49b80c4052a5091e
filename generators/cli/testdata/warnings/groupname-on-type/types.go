package groupnameontype

// +groupName=widgets.example.com
type Good struct{ Items []string }
