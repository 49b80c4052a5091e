package v1

import (
	"net/http"
	"net/url"

	"k8s.io/apimachinery/pkg/runtime"
)

// Widget renames Size and changes the types of the other fields.
type Widget struct {
	Length string
	Header url.Values
	Client http.Transport
}

var (
	SchemeBuilder      runtime.SchemeBuilder
	localSchemeBuilder = &SchemeBuilder
)
