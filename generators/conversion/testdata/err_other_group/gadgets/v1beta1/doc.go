// +k8s:conversion-gen=github.com/metagen-dev/metagen/generators/conversion/testdata/err_other_group/gadgets/v1beta2

// Package v1beta1 needs the Condition conversions but writes none: the
// widgets group's are not in the conversion-gen run of this group.
package v1beta1
