// Package v1beta2 is the hub version of the sprockets group.
package v1beta2

import metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

type WidgetStatus struct {
	Conditions []metav1.Condition `json:"conditions,omitempty"`
}
