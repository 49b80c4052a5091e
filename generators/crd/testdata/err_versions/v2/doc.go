// Package v2 is one version.
//
// +groupName=versions.example.com
// +metagen:crd-dir=../crds
package v2
