package err_types

import (
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime/schema"
)

// NoIntroduced embeds TypeMeta without an introduction.
type NoIntroduced struct {
	metav1.TypeMeta `json:",inline"`
}

// +k8s:prerelease-lifecycle-gen:introduced=1.20
type WrongSignature struct {
	metav1.TypeMeta `json:",inline"`
}

func (in *WrongSignature) APILifecycleReplacement() (schema.GroupVersionKind, error) {
	return schema.GroupVersionKind{}, nil
}
