// +k8s:validation-gen=*
package ifmodewithoutdiscriminator
