// +k8s:deepcopy-gen=package
// +groupName=stale.example.com
package stale
