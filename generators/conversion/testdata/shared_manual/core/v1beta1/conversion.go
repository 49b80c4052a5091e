package v1beta1

import (
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/conversion"
)

func Convert_v1_Condition_To_v1beta1_Condition(in *metav1.Condition, out *Condition, s conversion.Scope) error {
	out.Type, out.Status, out.LastTransitionTime, out.Reason, out.Message = in.Type, in.Status, in.LastTransitionTime, in.Reason, in.Message
	return nil
}

func Convert_v1beta1_Condition_To_v1_Condition(in *Condition, out *metav1.Condition, s conversion.Scope) error {
	out.Type, out.Status, out.LastTransitionTime, out.Reason, out.Message = in.Type, in.Status, in.LastTransitionTime, in.Reason, in.Message
	return nil
}
