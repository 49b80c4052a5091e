package v1

import "k8s.io/apimachinery/pkg/runtime"

type Widget struct {
	Size   string
	Labels Labels
}

type Labels struct {
	Names []string
}

var (
	SchemeBuilder      runtime.SchemeBuilder
	localSchemeBuilder = &SchemeBuilder
)
