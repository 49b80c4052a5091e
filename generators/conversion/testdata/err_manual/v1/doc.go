// +k8s:conversion-gen=github.com/metagen-dev/metagen/generators/conversion/testdata/err_manual
package v1
