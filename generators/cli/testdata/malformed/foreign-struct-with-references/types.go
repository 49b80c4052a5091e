package foreignstructwithreferences

import "net/url"

type Good struct{ Items []string }

type Bad struct {
	// url.URL holds a *url.Userinfo and has no DeepCopyInto.
	Endpoint url.URL `json:"endpoint"`
}
