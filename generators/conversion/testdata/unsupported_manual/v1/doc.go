// +k8s:conversion-gen=github.com/metagen-dev/metagen/generators/conversion/testdata/unsupported_manual

// Package v1 converts JSON by hand.
package v1
