// +k8s:openapi-gen=true
// +groupName=bad.example.com
package listtype
