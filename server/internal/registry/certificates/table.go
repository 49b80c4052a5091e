package certificates

import (
	"github.com/metagen-dev/metagen/server/internal/registry/printers"
	certificatesv1 "k8s.io/api/certificates/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/labels"
)

var pcrSpecDocs = certificatesv1.PodCertificateRequestSpec{}.SwaggerDoc()

// table is kube-apiserver's printer for
// PodCertificateRequests (printPodCertificateRequest): no Age column, and
// a State that is the last Issued, Denied or Failed condition whatever its
// status, else Pending.
var table = printers.Table[*certificatesv1.PodCertificateRequest]{
	Columns: []metav1.TableColumnDefinition{
		printers.NameColumn,
		{Name: "PodName", Type: "string", Description: pcrSpecDocs["podName"]},
		{Name: "ServiceAccountName", Type: "string", Description: pcrSpecDocs["serviceAccountName"]},
		{Name: "NodeName", Type: "string", Description: pcrSpecDocs["nodeName"]},
		{Name: "SignerName", Type: "string", Description: pcrSpecDocs["signerName"]},
		{Name: "State", Type: "string", Description: "Is the request Pending, Issued, Denied, or Failed?"},
		{Name: "UnverifiedUserAnnotations", Type: "string", Description: pcrSpecDocs["unverifiedUserAnnotations"]},
	},
	Cells: func(pcr *certificatesv1.PodCertificateRequest) []any {
		state := "Pending"
		for _, c := range pcr.Status.Conditions {
			switch c.Type {
			case certificatesv1.PodCertificateRequestConditionTypeIssued:
				state = "Issued"
			case certificatesv1.PodCertificateRequestConditionTypeDenied:
				state = "Denied"
			case certificatesv1.PodCertificateRequestConditionTypeFailed:
				state = "Failed"
			}
		}
		spec := pcr.Spec
		return []any{pcr.Name, spec.PodName, spec.ServiceAccountName, string(spec.NodeName), spec.SignerName, state,
			labels.FormatLabels(spec.UnverifiedUserAnnotations)}
	},
}
