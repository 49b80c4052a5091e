package badverb

// +genclient
// +genclient:onlyVerbs=get,list,frobnicate
type Good struct{ Items []string }
