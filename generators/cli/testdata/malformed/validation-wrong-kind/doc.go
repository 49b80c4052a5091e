// +k8s:validation-gen=*
package validationwrongkind
