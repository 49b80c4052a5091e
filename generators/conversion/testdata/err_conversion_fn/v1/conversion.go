package v1

import (
	"k8s.io/apimachinery/pkg/conversion"

	internal "github.com/metagen-dev/metagen/generators/conversion/testdata/err_conversion_fn"
)

// A misspelled tag would silently stop the memory copies copy-only allows.
// +k8s:conversion-fnn=copy-only
func Convert_v1_Labels_To_err_conversion_fn_Labels(in *Labels, out *internal.Labels, s conversion.Scope) error {
	out.Names = in.Names
	return nil
}

// +k8s:conversion-fn=copyonly
func Convert_err_conversion_fn_Labels_To_v1_Labels(in *internal.Labels, out *Labels, s conversion.Scope) error {
	out.Names = in.Names
	return nil
}
