// +k8s:deepcopy-gen=maybe
// +groupName=bad.example.com
package badpackagevalue
