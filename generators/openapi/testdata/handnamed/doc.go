// Package handnamed declares a model name by hand. openapi-gen would
// declare it a second time; we do not.
//
// +k8s:openapi-gen=true
// +k8s:openapi-model-package=com.example.handnamed
package handnamed
