package v1alpha1

import (
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/conversion"

	"github.com/metagen-dev/metagen/generators/conversion/testdata/err_duplicate_manual/conditions"
)

func Convert_v1_Condition_To_conditions_Condition(in *metav1.Condition, out *conditions.Condition, s conversion.Scope) error {
	out.Type, out.Message = in.Type, in.Message
	return nil
}

func Convert_conditions_Condition_To_v1_Condition(in *conditions.Condition, out *metav1.Condition, s conversion.Scope) error {
	out.Type, out.Message = in.Type, in.Message
	return nil
}
