// +k8s:conversion-gen=github.com/metagen-dev/metagen/generators/conversion/testdata/shared_manual/core/v1beta2

// Package v1beta1 is the old core version; its Condition is the core
// group's own condition type, converted by hand to metav1.Condition.
package v1beta1
