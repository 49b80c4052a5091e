// +k8s:validation-gen=TypesWithField=TypeMeta
// +groupName=crs.example.com
package validationcustomresourcename
