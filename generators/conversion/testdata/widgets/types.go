// Package widgets is an internal API version: the hub the versions convert through.
package widgets

import metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

type Widget struct {
	metav1.TypeMeta
	metav1.ObjectMeta
	Spec   WidgetSpec
	Status WidgetStatus
}

type WidgetList struct {
	metav1.TypeMeta
	metav1.ListMeta
	Items []Widget
}

type Mode string

type WidgetSpec struct {
	Replicas int32
	Selector map[string]string
	Ports    []Port
	Named    map[string]Template
	Template *Template
	Mode     Mode
	Modes    []Mode
	Size     string
	Internal string
}

type Port struct {
	Name   string
	Number int32
}

type Template struct {
	Labels map[string]string
	Ports  []Port
	Mode   Mode
}

type WidgetStatus struct {
	Ready bool
}

type WidgetOptions struct {
	metav1.TypeMeta
	Verbose bool
	Name    string
	Limit   int64
}
