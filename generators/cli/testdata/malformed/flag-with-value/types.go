package flagwithvalue

// +genclient=true
type Good struct{ Items []string }
