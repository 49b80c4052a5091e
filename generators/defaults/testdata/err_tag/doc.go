// +k8s:defaulter-gen=TypeMeta
package err_tag
