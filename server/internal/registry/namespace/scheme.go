package namespace

import (
	"fmt"

	corev1 "k8s.io/api/core/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/runtime/schema"
)

// Register adds the v1 kinds to the serving scheme, each also as
// its own internal version, with the v1 defaults and field selectors.
func Register(s *runtime.Scheme) error {
	gv := corev1.SchemeGroupVersion
	for kind, obj := range map[string]runtime.Object{"Namespace": &corev1.Namespace{}, "NamespaceList": &corev1.NamespaceList{}} {
		s.AddKnownTypeWithName(gv.WithKind(kind), obj)
		s.AddKnownTypeWithName(schema.GroupVersionKind{Version: runtime.APIVersionInternal, Kind: kind}, obj.DeepCopyObject())
	}
	s.AddTypeDefaultingFunc(&corev1.Namespace{}, func(obj any) { defaultNamespace(obj.(*corev1.Namespace)) })
	s.AddTypeDefaultingFunc(&corev1.NamespaceList{}, func(obj any) {
		list := obj.(*corev1.NamespaceList)
		for i := range list.Items {
			defaultNamespace(&list.Items[i])
		}
	})
	return s.AddFieldLabelConversionFunc(Kind, func(label, value string) (string, string, error) {
		switch label {
		case "status.phase", "metadata.name":
			return label, value, nil
		}
		return "", "", fmt.Errorf("field label not supported: %s", label)
	})
}

// defaultNamespace is SetObjectDefaults_Namespace of pkg/apis/core/v1: the
// kubernetes.io/metadata.name label (when the name is known) and phase
// Active.
func defaultNamespace(ns *corev1.Namespace) {
	if len(ns.Name) > 0 {
		if ns.Labels == nil {
			ns.Labels = map[string]string{}
		}
		ns.Labels[corev1.LabelMetadataName] = ns.Name
	}
	if ns.Status.Phase == "" {
		ns.Status.Phase = corev1.NamespaceActive
	}
}
