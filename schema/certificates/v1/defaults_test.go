package certificatesv1_test

import (
	"testing"

	certificatesv1 "k8s.io/api/certificates/v1"
	"k8s.io/apimachinery/pkg/runtime"

	pcrvalidation "github.com/metagen-dev/metagen/schema/certificates/v1"
)

func TestDefaults(t *testing.T) {
	scheme := runtime.NewScheme()
	if err := pcrvalidation.RegisterDefaults(scheme); err != nil {
		t.Fatal(err)
	}
	set := int32(3600)
	list := &certificatesv1.PodCertificateRequestList{Items: []certificatesv1.PodCertificateRequest{
		{}, {Spec: certificatesv1.PodCertificateRequestSpec{MaxExpirationSeconds: &set}},
	}}
	scheme.Default(list)
	if got := list.Items[0].Spec.MaxExpirationSeconds; got == nil || *got != 86400 {
		t.Errorf("omitted maxExpirationSeconds defaulted to %v, want 86400", got)
	}
	if got := *list.Items[1].Spec.MaxExpirationSeconds; got != 3600 {
		t.Errorf("set maxExpirationSeconds changed to %d", got)
	}
	pcr := &certificatesv1.PodCertificateRequest{}
	scheme.Default(pcr)
	if pcr.Spec.MaxExpirationSeconds == nil || *pcr.Spec.MaxExpirationSeconds != pcrvalidation.DefaultMaxExpirationSeconds {
		t.Errorf("PodCertificateRequest not defaulted: %v", pcr.Spec.MaxExpirationSeconds)
	}
}
