package err_manual

import "net/http"

type Widget struct {
	Size   string
	Header http.Header
	Client http.Client
}
