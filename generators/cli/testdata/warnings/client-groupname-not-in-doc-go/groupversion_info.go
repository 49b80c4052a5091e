// +kubebuilder:object:generate=true
// +groupName=widgets.example.com
// +groupGoName=Widgets
package v1

import (
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/runtime/schema"
)

var SchemeGroupVersion = schema.GroupVersion{Group: "widgets.example.com", Version: "v1"}

func AddToScheme(*runtime.Scheme) error { return nil }
