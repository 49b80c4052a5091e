// +k8s:defaulter-gen=TypeMeta
package err_markers
