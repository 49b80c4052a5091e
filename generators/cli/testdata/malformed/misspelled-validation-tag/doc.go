// +k8s:validation-gen=TypeMeta
// +groupName=bad.example.com
package misspelledvalidationtag
