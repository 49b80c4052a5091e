package v1

import (
	"net/url"

	"k8s.io/apimachinery/pkg/conversion"

	widgets "github.com/metagen-dev/metagen/generators/conversion/testdata/widgets"
)

func Convert_v1_WidgetSpec_To_widgets_WidgetSpec(in *WidgetSpec, out *widgets.WidgetSpec, s conversion.Scope) error {
	if err := autoConvert_v1_WidgetSpec_To_widgets_WidgetSpec(in, out, s); err != nil {
		return err
	}
	out.Replicas = 1
	if in.Replicas != nil {
		out.Replicas = *in.Replicas
	}
	out.Size = in.Length
	return nil
}

func Convert_widgets_WidgetSpec_To_v1_WidgetSpec(in *widgets.WidgetSpec, out *WidgetSpec, s conversion.Scope) error {
	if err := autoConvert_widgets_WidgetSpec_To_v1_WidgetSpec(in, out, s); err != nil {
		return err
	}
	replicas := in.Replicas
	out.Replicas = &replicas
	out.Length = in.Size
	return nil
}

var _ url.Values
