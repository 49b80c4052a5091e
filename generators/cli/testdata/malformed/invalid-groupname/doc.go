// +k8s:deepcopy-gen=package
// +groupName=Bad_Group.example.com
package invalidgroupname
