// Package v1 has what controller-gen's crd options allowDangerousTypes and
// ignoreUnexportedFields decide: floats and unexported fields. Without the
// options (this case's golden) both are errors, as in controller-gen.
//
// +groupName=gauges.example.com
// +metagen:crd-dir=../crds
package v1
