// Package certificates is the built-in certificates.k8s.io/v1
// PodCertificateRequest, served as
// kube-apiserver 1.37.2 serves it (pkg/registry/certificates/
// podcertificaterequest): its strategy and status strategy, with the
// validation of schema/certificates/v1, the v1 defaults, its field
// selectors, and the signer authorization of /status writes.
//
// Left out:
//   - admission, which kube-apiserver runs outside the registry:
//     NodeRestriction's checks of PCRs created by node identities (the pod,
//     service account and node must exist and match, the pod must mount the
//     signer), which a server without nodes, pods and node identities cannot
//     apply; PCRs created by other users get none of them on a real server
//     either;
//   - the deprecated certificates.k8s.io/v1beta1 version, and the group's
//     other resources (CertificateSigningRequests, ClusterTrustBundles);
//   - the table printer columns (the default Name/Created columns are used);
//   - an OpenAPI model: server-side apply tracks the object's fields without
//     the schema's list types (see typedOpenAPIConfig).
//
// The OpenAPI definitions it serves (GetOpenAPIDefinitions) are made by
// metagen's openapi generator, as openapi-gen makes kube-apiserver's:
//
//go:generate go run ../../../../hack/openapigen -pkg k8s.io/api/certificates/v1 -kinds PodCertificateRequest,PodCertificateRequestList
package certificates

import (
	certificatesv1 "k8s.io/api/certificates/v1"
)

// Kind is the served kind.
var Kind = certificatesv1.SchemeGroupVersion.WithKind("PodCertificateRequest")
