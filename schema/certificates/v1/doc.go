// Package certificatesv1 validates k8s.io/api/certificates/v1
// PodCertificateRequests exactly as kube-apiserver 1.37.2 does: the same
// rules, in the same order, with the same field paths, error types and
// messages (spec/conventions.md §4).
//
// Signer authorization (verb "sign" on certificates.k8s.io/signers for the
// request's signer name, checked after a status write passes validation and
// changes the status) is a server concern and is not done here: the server
// applies it, as a Forbidden error at spec.signerName.
package certificatesv1
