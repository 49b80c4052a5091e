package certificatesv1

import (
	"reflect"
	"testing"
)

// MetaRules, the exported metadata rules, are the ones the declaration of
// PodCertificateRequest generates.
func TestMetaRulesAreGenerated(t *testing.T) {
	if !reflect.DeepEqual(MetaRules, podCertificateRequestMetadata) {
		t.Errorf("MetaRules = %+v, generated %+v", MetaRules, podCertificateRequestMetadata)
	}
}
