// Package v1 has a field that shadows a field of an inlined struct, as
// encoding/json reads it, and a default given twice through ref(…).
//
// +groupName=probes.example.com
// +metagen:crd-dir=../crds
package v1
