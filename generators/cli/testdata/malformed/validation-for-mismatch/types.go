package validationformismatch

import certificatesv1 "k8s.io/api/certificates/v1"

// +metagen:validation-for=k8s.io/api/certificates/v1.PodCertificateRequestSpec
type spec struct {
	// +k8s:maxLength=10
	SignerName []byte
	// +k8s:required
	Podname string
	Usages  []certificatesv1.KeyUsage
}
