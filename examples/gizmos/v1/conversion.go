package v1

import (
	"k8s.io/apimachinery/pkg/conversion"

	"github.com/metagen-dev/metagen/examples/gizmos"
)

// Convert_v1_GizmoSpec_To_gizmos_GizmoSpec: v1's replicas is optional.
func Convert_v1_GizmoSpec_To_gizmos_GizmoSpec(in *GizmoSpec, out *gizmos.GizmoSpec, s conversion.Scope) error {
	if err := autoConvert_v1_GizmoSpec_To_gizmos_GizmoSpec(in, out, s); err != nil {
		return err
	}
	out.Replicas = 1
	if in.Replicas != nil {
		out.Replicas = *in.Replicas
	}
	return nil
}

func Convert_gizmos_GizmoSpec_To_v1_GizmoSpec(in *gizmos.GizmoSpec, out *GizmoSpec, s conversion.Scope) error {
	if err := autoConvert_gizmos_GizmoSpec_To_v1_GizmoSpec(in, out, s); err != nil {
		return err
	}
	replicas := in.Replicas
	out.Replicas = &replicas
	return nil
}
