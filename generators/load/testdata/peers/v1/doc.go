// +k8s:conversion-gen=github.com/metagen-dev/metagen/generators/load/testdata/peers/hub
// +k8s:conversion-gen=github.com/metagen-dev/metagen/generators/load/testdata/peers/missing
// +k8s:defaulter-gen=TypeMeta
// +k8s:defaulter-gen-input=github.com/metagen-dev/metagen/generators/load/testdata/peers/ext

// Package v1 names packages it does not import.
package v1
