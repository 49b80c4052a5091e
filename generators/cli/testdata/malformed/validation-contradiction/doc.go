// +k8s:validation-gen=*
package validationcontradiction
