package server

import (
	"context"
	"fmt"
	"time"

	certificatesv1 "k8s.io/api/certificates/v1"
	corev1 "k8s.io/api/core/v1"
	"k8s.io/apimachinery/pkg/api/meta"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/labels"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/util/duration"
)

// printedTable is a table convertor in the manner of kube-apiserver's
// printers (k8s.io/kubernetes/pkg/printers): fixed columns, one row per
// object. kube-apiserver always prints the wide form, so every column is
// filled.
type printedTable[T runtime.Object] struct {
	columns []metav1.TableColumnDefinition
	cells   func(T) []any
}

func (p printedTable[T]) ConvertToTable(_ context.Context, object runtime.Object, tableOptions runtime.Object) (*metav1.Table, error) {
	table := &metav1.Table{}
	row := func(obj runtime.Object) error {
		typed, ok := obj.(T)
		if !ok {
			return fmt.Errorf("unexpected %T in a table of %T", obj, *new(T))
		}
		table.Rows = append(table.Rows, metav1.TableRow{Cells: p.cells(typed), Object: runtime.RawExtension{Object: obj}})
		return nil
	}
	var err error
	if meta.IsListType(object) {
		err = meta.EachListItem(object, row)
	} else {
		err = row(object)
	}
	if err != nil {
		return nil, err
	}
	if list, err := meta.ListAccessor(object); err == nil {
		table.ResourceVersion = list.GetResourceVersion()
		table.Continue = list.GetContinue()
		table.RemainingItemCount = list.GetRemainingItemCount()
	} else if obj, err := meta.CommonAccessor(object); err == nil {
		table.ResourceVersion = obj.GetResourceVersion()
	}
	if options, ok := tableOptions.(*metav1.TableOptions); !ok || !options.NoHeaders {
		table.ColumnDefinitions = p.columns
	}
	return table, nil
}

var objectMetaDocs = metav1.ObjectMeta{}.SwaggerDoc()

// nameColumn is the first column of every printer.
var nameColumn = metav1.TableColumnDefinition{Name: "Name", Type: "string", Format: "name", Description: objectMetaDocs["name"]}

// namespaceTable is kube-apiserver's printer for namespaces: Name, Status
// (the phase) and Age.
var namespaceTable = printedTable[*corev1.Namespace]{
	columns: []metav1.TableColumnDefinition{
		nameColumn,
		{Name: "Status", Type: "string", Description: "The status of the namespace"},
		{Name: "Age", Type: "string", Description: objectMetaDocs["creationTimestamp"]},
	},
	cells: func(ns *corev1.Namespace) []any {
		return []any{ns.Name, string(ns.Status.Phase), age(ns.CreationTimestamp)}
	},
}

// age is how printers show a creation time.
func age(created metav1.Time) string {
	if created.IsZero() {
		return "<unknown>"
	}
	return duration.HumanDuration(time.Since(created.Time))
}

var pcrSpecDocs = certificatesv1.PodCertificateRequestSpec{}.SwaggerDoc()

// podCertificateRequestTable is kube-apiserver's printer for
// PodCertificateRequests (printPodCertificateRequest): no Age column, and
// a State that is the last Issued, Denied or Failed condition whatever its
// status, else Pending.
var podCertificateRequestTable = printedTable[*certificatesv1.PodCertificateRequest]{
	columns: []metav1.TableColumnDefinition{
		nameColumn,
		{Name: "PodName", Type: "string", Description: pcrSpecDocs["podName"]},
		{Name: "ServiceAccountName", Type: "string", Description: pcrSpecDocs["serviceAccountName"]},
		{Name: "NodeName", Type: "string", Description: pcrSpecDocs["nodeName"]},
		{Name: "SignerName", Type: "string", Description: pcrSpecDocs["signerName"]},
		{Name: "State", Type: "string", Description: "Is the request Pending, Issued, Denied, or Failed?"},
		{Name: "UnverifiedUserAnnotations", Type: "string", Description: pcrSpecDocs["unverifiedUserAnnotations"]},
	},
	cells: func(pcr *certificatesv1.PodCertificateRequest) []any {
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
