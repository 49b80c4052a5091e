// +k8s:deepcopy-gen=package
// +groupName=bad.example.com
package misspelledkubebuilderdeepcopy
