// +groupName=things.example.com
// +k8s:register-gen=false
package v1
