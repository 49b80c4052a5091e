package certificatesv1

import (
	certificatesv1 "k8s.io/api/certificates/v1"
	"k8s.io/apimachinery/pkg/runtime"
)

// DefaultMaxExpirationSeconds is what kube-apiserver sets
// spec.maxExpirationSeconds to when a v1 request leaves it out
// (+default=86400 on the v1 type).
const DefaultMaxExpirationSeconds int32 = 86400

// SetDefaults applies the v1 defaults kube-apiserver applies when it decodes
// a PodCertificateRequest: spec.maxExpirationSeconds 86400 when omitted.
func SetDefaults(pcr *certificatesv1.PodCertificateRequest) {
	if pcr.Spec.MaxExpirationSeconds == nil {
		seconds := DefaultMaxExpirationSeconds
		pcr.Spec.MaxExpirationSeconds = &seconds
	}
}

// RegisterDefaults registers SetDefaults in scheme, for PodCertificateRequests
// and the items of PodCertificateRequestLists, so that scheme.Default and
// decoders built on the scheme apply it.
func RegisterDefaults(scheme *runtime.Scheme) error {
	scheme.AddTypeDefaultingFunc(&certificatesv1.PodCertificateRequest{}, func(obj any) {
		SetDefaults(obj.(*certificatesv1.PodCertificateRequest))
	})
	scheme.AddTypeDefaultingFunc(&certificatesv1.PodCertificateRequestList{}, func(obj any) {
		list := obj.(*certificatesv1.PodCertificateRequestList)
		for i := range list.Items {
			SetDefaults(&list.Items[i])
		}
	})
	return nil
}
