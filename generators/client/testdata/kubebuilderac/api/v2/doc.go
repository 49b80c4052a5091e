// Package v2 writes its apply configurations to a directory of the
// project's choosing, and declares SchemeGroupVersion.
//
// +kubebuilder:object:generate=true
// +kubebuilder:ac:generate=true
// +kubebuilder:ac:output:package=../../pkg/applyconfiguration
// +groupName=ships.example.com
package v2

import (
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/runtime/schema"
)

var (
	// SchemeGroupVersion is the group version of the package.
	SchemeGroupVersion = schema.GroupVersion{Group: "ships.example.com", Version: "v2"}

	// SchemeBuilder registers the types.
	SchemeBuilder = runtime.NewSchemeBuilder(addKnownTypes)

	// AddToScheme adds the types to a scheme.
	AddToScheme = SchemeBuilder.AddToScheme
)

func addKnownTypes(scheme *runtime.Scheme) error {
	scheme.AddKnownTypes(SchemeGroupVersion, &Frigate{}, &FrigateList{})
	return nil
}
