// +k8s:validation-gen=*
package validationnotimplemented
