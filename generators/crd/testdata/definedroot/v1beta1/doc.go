// Package v1beta1 serves the gates API as first released, with the
// types of v1, as gateway-api declares its older versions.
//
// +groupName=gates.example.com
// +metagen:crd-dir=../crds
package v1beta1
