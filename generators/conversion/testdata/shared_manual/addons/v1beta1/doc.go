// +k8s:conversion-gen=github.com/metagen-dev/metagen/generators/conversion/testdata/shared_manual/addons/v1beta2

// Package v1beta1 is the old addons version. Its status carries the core
// group's v1beta1 conditions; conversion-gen, run on this group alone, does
// not read core/v1beta1's hand-written conversions, so the package writes
// its own under the same name.
package v1beta1
