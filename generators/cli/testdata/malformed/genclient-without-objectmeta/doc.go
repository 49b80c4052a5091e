// +k8s:deepcopy-gen=package
// +groupName=bad.example.com
// +metagen:client-output=client
package genclientmeta
