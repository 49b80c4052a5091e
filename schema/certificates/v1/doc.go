// Package certificatesv1 validates k8s.io/api/certificates/v1
// PodCertificateRequests exactly as kube-apiserver 1.37.2 does: the same
// rules, in the same order, with the same field paths, error types and
// messages (spec/conventions.md §4).
//
// Signer authorization (verb "sign" on certificates.k8s.io/signers for the
// request's signer name, checked after a status write passes validation and
// changes the status) is a server concern and is not done here: the server
// applies it, as a Forbidden error at spec.signerName.
//
// The rules are declared for the k8s.io/api types in validation.go, with
// metagen's validation-for marker, and generated into
// zz_generated.validations.go; the hand-written parts are wired in as
// custom validation functions (ValidateCustom_…). metagen's API server
// links this package, but metagen itself does not (the server is the
// separate metagen-server command): regenerating works even while this
// package does not compile.
//
// +k8s:validation-gen=TypesWithField=TypeMeta
//
//go:generate go run github.com/metagen-dev/metagen/cmd/metagen generate .
package certificatesv1
