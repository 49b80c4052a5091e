// Package v1 is a kubebuilder API package with controller-gen's apply
// configurations (+kubebuilder:ac:generate), written to
// applyconfiguration/ beside it.
//
// +kubebuilder:object:generate=true
// +kubebuilder:ac:generate=true
// +groupName=ships.example.com
package v1

import (
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/runtime/schema"
)

var (
	// GroupVersion is the group version of the package, as kubebuilder
	// names it; ForKind names it, there being no SchemeGroupVersion.
	GroupVersion = schema.GroupVersion{Group: "ships.example.com", Version: "v1"}

	// SchemeBuilder registers the types.
	SchemeBuilder = runtime.NewSchemeBuilder(addKnownTypes)

	// AddToScheme adds the types to a scheme.
	AddToScheme = SchemeBuilder.AddToScheme
)

func addKnownTypes(scheme *runtime.Scheme) error {
	scheme.AddKnownTypes(GroupVersion, &Frigate{}, &FrigateList{}, &Cruiser{}, &CruiserList{})
	return nil
}
