package genclientmeta

// Settings is not an API object: it has no ObjectMeta.
//
// +genclient
type Settings struct {
	Values map[string]string
}
