// Package v1 contains API Schema definitions for the fleet v1 API group.
//
// +kubebuilder:object:generate=true
// +groupName=fleet.example.com
// +metagen:crd-dir=../../crds
// +metagen:docs-dir=../../docs
package v1

import "k8s.io/apimachinery/pkg/runtime/schema"

// GroupVersion is the group and version of these types.
var GroupVersion = schema.GroupVersion{Group: "fleet.example.com", Version: "v1"}
