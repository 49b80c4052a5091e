package v1beta1

import (
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/conversion"

	corev1beta1 "github.com/metagen-dev/metagen/generators/conversion/testdata/shared_manual/core/v1beta1"
)

func Convert_v1_Condition_To_v1beta1_Condition(in *metav1.Condition, out *corev1beta1.Condition, s conversion.Scope) error {
	return corev1beta1.Convert_v1_Condition_To_v1beta1_Condition(in, out, s)
}

func Convert_v1beta1_Condition_To_v1_Condition(in *corev1beta1.Condition, out *metav1.Condition, s conversion.Scope) error {
	return corev1beta1.Convert_v1beta1_Condition_To_v1_Condition(in, out, s)
}
