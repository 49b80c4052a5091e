// Package external validates types it does not own: k8s.io/api's
// CertificateSigningRequest, through +metagen:validation-for declarations,
// and its own Template, whose field of an external type calls the
// declared validation.
//
// +k8s:validation-gen=TypesWithField=TypeMeta
package external
