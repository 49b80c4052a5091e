package v1beta1

import "github.com/metagen-dev/metagen/generators/conversion/testdata/err_duplicate_manual/conditions"

type WidgetStatus struct {
	Conditions []conditions.Condition `json:"conditions,omitempty"`
}
