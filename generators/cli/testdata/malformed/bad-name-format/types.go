package badnameformat

// +metagen:name-format=dns
type Good struct{ Items []string }
