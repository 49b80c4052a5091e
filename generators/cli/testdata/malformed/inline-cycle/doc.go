// +k8s:deepcopy-gen=package
// +k8s:openapi-gen=true
// +groupName=bad.example.com
package inlinecycle
