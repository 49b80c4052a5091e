// +k8s:conversion-gen=github.com/metagen-dev/metagen/generators/conversion/testdata/err_conversion_fn
package v1
