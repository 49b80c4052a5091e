// Package basic has one of each kind of field openapi-gen describes.
//
// +k8s:openapi-gen=true
// +groupName=basic.example.com
// +metagen:api-rules=api-rules.list
package basic
