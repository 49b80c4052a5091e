// Package v1 is the widgets.example.com/v1 API group: an example of the API
// types metagen is built for, with its generated code checked in.
//
// +k8s:deepcopy-gen=package
// +k8s:validation-gen=TypesWithField=TypeMeta
// +groupName=widgets.example.com
// +k8s:openapi-gen=true
// +k8s:openapi-model-package=com.example.widgets.v1
// +metagen:crd-dir=../config/crd
// +metagen:docs-dir=../docs
// +metagen:client-output=../client
//
//go:generate go run github.com/metagen-dev/metagen/cmd/metagen generate .
package v1
