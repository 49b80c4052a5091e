package inherited

// HeaderName is the name of an HTTP header.
//
// +kubebuilder:validation:MinLength=1
// +kubebuilder:validation:MaxLength=256
// +kubebuilder:validation:Pattern=`^[A-Za-z0-9-]+$`
type HeaderName string

// HTTPHeaderName is a header name compared without regard to case: it has
// the markers of HeaderName, and its own.
//
// +kubebuilder:validation:XValidation:rule="self.lowerAscii() != 'host'",message="the host header cannot be set"
type HTTPHeaderName HeaderName

// Weight is a relative weight.
//
// +k8s:minimum=0
// +k8s:maximum=100
type Weight int32

// Credentials are how a check authenticates.
//
// +kubebuilder:validation:XValidation:rule="!has(self.token) || !has(self.password)",message="token or password, not both"
type Credentials struct {
	// Token to send.
	// +optional
	Token string `json:"token,omitempty"`
	// Password to send.
	// +optional
	Password string `json:"password,omitempty"`
	// Header carrying the credentials.
	// +optional
	Header HTTPHeaderName `json:"header,omitempty"`
}

// Endpoint is where a check connects.
//
// +kubebuilder:validation:XValidation:rule="has(self.url)",message="an endpoint needs a url"
type Endpoint struct {
	Credentials `json:",inline"`

	// URL to connect to.
	// +optional
	URL string `json:"url,omitempty"`
}

// Check is one check, with markers from everywhere.
//
// +kubebuilder:validation:XValidation:rule="size(self.headers) <= 8",message="at most 8 headers"
type Check struct {
	Endpoint `json:",inline"`

	// Headers to send.
	// +optional
	Headers []HTTPHeaderName `json:"headers,omitempty"`
	// Names of the headers to check.
	// +optional
	Names []HeaderName `json:"names,omitempty"`
	// Weights by backend.
	// +optional
	Weights map[string]Weight `json:"weights,omitempty"`
	// Fallback is a single header.
	// +optional
	Fallback HTTPHeaderName `json:"fallback,omitempty"`
}
