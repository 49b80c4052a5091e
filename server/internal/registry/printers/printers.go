// Package printers is what the built-in resources' table convertors share.
package printers

import (
	"context"
	"fmt"
	"time"

	"k8s.io/apimachinery/pkg/api/meta"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/util/duration"
)

// Table is a table convertor in the manner of kube-apiserver's
// printers (k8s.io/kubernetes/pkg/printers): fixed columns, one row per
// object. kube-apiserver always prints the wide form, so every column is
// filled.
type Table[T runtime.Object] struct {
	Columns []metav1.TableColumnDefinition
	Cells   func(T) []any
}

// ConvertToTable implements rest.TableConvertor.
func (p Table[T]) ConvertToTable(_ context.Context, object runtime.Object, tableOptions runtime.Object) (*metav1.Table, error) {
	table := &metav1.Table{}
	row := func(obj runtime.Object) error {
		typed, ok := obj.(T)
		if !ok {
			return fmt.Errorf("unexpected %T in a table of %T", obj, *new(T))
		}
		table.Rows = append(table.Rows, metav1.TableRow{Cells: p.Cells(typed), Object: runtime.RawExtension{Object: obj}})
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
		table.ColumnDefinitions = p.Columns
	}
	return table, nil
}

// ObjectMetaDocs are the ObjectMeta field descriptions the columns reuse.
var ObjectMetaDocs = metav1.ObjectMeta{}.SwaggerDoc()

// NameColumn is the first column of every printer.
var NameColumn = metav1.TableColumnDefinition{Name: "Name", Type: "string", Format: "name", Description: ObjectMetaDocs["name"]}

// Age is how printers show a creation time.
func Age(created metav1.Time) string {
	if created.IsZero() {
		return "<unknown>"
	}
	return duration.HumanDuration(time.Since(created.Time))
}
