package v1

import (
	"encoding/json"

	internal "github.com/metagen-dev/metagen/generators/conversion/testdata/unsupported_manual"
	"k8s.io/apimachinery/pkg/conversion"
)

func Convert_unsupported_manual_JSON_To_v1_JSON(in *internal.JSON, out *JSON, s conversion.Scope) error {
	raw, err := json.Marshal(*in)
	out.Raw = raw
	return err
}

func Convert_v1_JSON_To_unsupported_manual_JSON(in *JSON, out *internal.JSON, s conversion.Scope) error {
	var value any
	if err := json.Unmarshal(in.Raw, &value); err != nil {
		return err
	}
	*out = value
	return nil
}
