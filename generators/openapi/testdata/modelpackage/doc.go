// Package modelpackage names its definitions by a model package, as
// k8s.io/api does: its types get OpenAPIModelName methods.
//
// +k8s:openapi-gen=true
// +k8s:openapi-model-package=com.example.models.v1
package modelpackage
