// +k8s:conversion-gen=github.com/metagen-dev/metagen/generators/conversion/testdata/err_other_group/widgets/v1beta2

// Package v1beta1 hand-writes the Condition conversions, as
// sprockets/v1beta1 does: each API group is its own conversion-gen run.
package v1beta1
