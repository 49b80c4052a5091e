// +k8s:conversion-gen=github.com/metagen-dev/metagen/generators/conversion/testdata/widgets

// Package v1 is a versioned API: its conversions to the internal version
// are generated, with hand-written ones where fields differ.
package v1
