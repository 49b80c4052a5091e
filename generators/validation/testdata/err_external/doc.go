// Package errexternal has +metagen:validation-for declarations that cannot
// work.
//
// +k8s:validation-gen=TypesWithField=TypeMeta
package errexternal

import (
	certificatesv1 "k8s.io/api/certificates/v1"
)

// notImported names a package no file here imports.
//
// +metagen:validation-for=k8s.io/api/apps/v1.Deployment
type notImported struct{}

// unknownType names a type its package does not have.
//
// +metagen:validation-for=k8s.io/api/certificates/v1.NoSuchType
type unknownType struct{}

// notAStruct is not a struct.
//
// +metagen:validation-for=k8s.io/api/certificates/v1.ClusterTrustBundleSpec
type notAStruct string

// keyUsage names a type that is not a struct.
//
// +metagen:validation-for=k8s.io/api/certificates/v1.KeyUsage
type keyUsage struct{}

// csr has a field the external type lacks, one of another type, and a
// nested struct with no declaration.
//
// +metagen:validation-for=k8s.io/api/certificates/v1.CertificateSigningRequest
type csr struct {
	// +k8s:required
	Bogus string
	// +k8s:required
	Spec csrSpec
	// +k8s:maxItems=1
	Status certificatesv1.CertificateSigningRequestStatus
}

// +metagen:validation-for=k8s.io/api/certificates/v1.CertificateSigningRequestSpec
type csrSpec struct {
	// +k8s:minimum=1
	SignerName int
	// +k8s:maxItems=2
	Usages []string
	// +k8s:opaqueType
	Extra map[string]certificatesv1.ExtraValue
}

// csrAgain declares CertificateSigningRequest a second time.
//
// +metagen:validation-for=k8s.io/api/certificates/v1.CertificateSigningRequest
type csrAgain struct{}

// ClusterTrustBundle is a type of this package, so validation for the
// external ClusterTrustBundle would have the same function name.
type ClusterTrustBundle struct{}

// +metagen:validation-for=k8s.io/api/certificates/v1.ClusterTrustBundle
type bundle struct{}

// own declares validation for a type of this package.
//
// +metagen:validation-for=github.com/metagen-dev/metagen/generators/validation/testdata/err_external.ClusterTrustBundle
type own struct{}
