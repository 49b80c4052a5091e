// Package subfieldunions has struct-level tags written through subfield
// chains: validation-gen checks them on the field's value, as unions,
// dependencies and modes of the value's struct.
//
// +k8s:validation-gen=*
package subfieldunions
