package v1

import "github.com/metagen-dev/metagen/generators/defaults/testdata/k8sstyle/api"

func SetDefaults_Widget(obj *api.Widget) {
	if obj.Spec.Labels == nil {
		obj.Spec.Labels = map[string]string{}
	}
}

// SetDefaults_Widget_Name is an additional defaulter: it runs after the base one.
func SetDefaults_Widget_Name(obj *api.Widget) {
	if obj.Name == "" {
		obj.Name = "unnamed"
	}
}

// SetDefaults_Template covers everything below it: the walk stops there.
// +k8s:defaulter-gen=covers
func SetDefaults_Template(obj *api.Template) {}

func SetDefaults_Port(obj *api.Port) {}
