package v1beta1

import (
	"k8s.io/apimachinery/pkg/conversion"

	"github.com/metagen-dev/metagen/examples/gizmos"
)

// Convert_v1beta1_GizmoSpec_To_gizmos_GizmoSpec: v1beta1 calls replicas count.
func Convert_v1beta1_GizmoSpec_To_gizmos_GizmoSpec(in *GizmoSpec, out *gizmos.GizmoSpec, s conversion.Scope) error {
	if err := autoConvert_v1beta1_GizmoSpec_To_gizmos_GizmoSpec(in, out, s); err != nil {
		return err
	}
	out.Replicas = in.Count
	return nil
}

func Convert_gizmos_GizmoSpec_To_v1beta1_GizmoSpec(in *gizmos.GizmoSpec, out *GizmoSpec, s conversion.Scope) error {
	if err := autoConvert_gizmos_GizmoSpec_To_v1beta1_GizmoSpec(in, out, s); err != nil {
		return err
	}
	out.Count = in.Replicas
	return nil
}
