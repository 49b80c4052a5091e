// +k8s:conversion-gen=github.com/metagen-dev/metagen/generators/conversion/testdata/shared_manual/ipam/v1beta2

// Package v1beta1 hand-writes the Condition conversions too, for itself and
// for ipam/v1alpha1, generated in the same conversion-gen run.
package v1beta1
