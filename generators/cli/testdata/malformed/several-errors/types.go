package severalerrors

// +metagen:frobnicate
type Good struct {
	// +optinal
	Items []string
}

// +genclient:nonNamespace
type Other struct{ Items []string }
