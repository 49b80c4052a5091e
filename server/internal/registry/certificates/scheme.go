package certificates

import (
	"fmt"

	certificatesv1 "k8s.io/api/certificates/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/runtime/schema"

	pcrvalidation "github.com/metagen-dev/metagen/schema/certificates/v1"
)

// Register adds the v1 kinds to the serving scheme,
// each also as its own internal version (as servingScheme does for Go
// types), with the v1 defaults and field selectors.
func Register(s *runtime.Scheme) error {
	gv := certificatesv1.SchemeGroupVersion
	for kind, obj := range map[string]runtime.Object{
		"PodCertificateRequest":     &certificatesv1.PodCertificateRequest{},
		"PodCertificateRequestList": &certificatesv1.PodCertificateRequestList{},
	} {
		s.AddKnownTypeWithName(gv.WithKind(kind), obj)
		s.AddKnownTypeWithName(schema.GroupVersionKind{Group: gv.Group, Version: runtime.APIVersionInternal, Kind: kind}, obj.DeepCopyObject())
	}
	if err := pcrvalidation.RegisterDefaults(s); err != nil {
		return err
	}
	return s.AddFieldLabelConversionFunc(Kind, func(label, value string) (string, string, error) {
		switch label {
		case "metadata.name", "metadata.namespace", "spec.signerName", "spec.podName", "spec.nodeName":
			return label, value, nil
		}
		return "", "", fmt.Errorf("field label not supported: %s", label)
	})
}
