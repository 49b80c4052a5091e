package namespace

import (
	"github.com/metagen-dev/metagen/server/internal/registry/printers"
	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
)

// table is kube-apiserver's printer for namespaces: Name, Status
// (the phase) and Age.
var table = printers.Table[*corev1.Namespace]{
	Columns: []metav1.TableColumnDefinition{
		printers.NameColumn,
		{Name: "Status", Type: "string", Description: "The status of the namespace"},
		{Name: "Age", Type: "string", Description: printers.ObjectMetaDocs["creationTimestamp"]},
	},
	Cells: func(ns *corev1.Namespace) []any {
		return []any{ns.Name, string(ns.Status.Phase), printers.Age(ns.CreationTimestamp)}
	},
}
