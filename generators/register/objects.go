package register

import (
	"go/types"
	"strings"

	"github.com/metagen-dev/metagen/generators/diag"
	"github.com/metagen-dev/metagen/generators/model"
)

const runtimeObject = "k8s.io/apimachinery/pkg/runtime.Object"

// notObjects explains, at each registered type that nothing makes a
// runtime.Object, what to add: AddKnownTypes takes runtime.Objects, so the
// generated file would not compile. A type is one when it declares
// DeepCopyObject by hand, or asks the deepcopy generator for it.
func notObjects(pkg *model.Package) []error {
	var errs []error
	for _, name := range registered(pkg) {
		t := pkg.Lookup(name)
		if t == nil || declaresDeepCopyObject(t) || asksForRuntimeObject(t) {
			continue
		}
		errs = append(errs, diag.Errorf(t.Pos,
			"type %s embeds metav1.TypeMeta, so zz_generated.register.go (for +groupName) registers it with the scheme, but nothing makes it a runtime.Object: "+
				"add +k8s:deepcopy-gen:interfaces=%s (or +kubebuilder:object:root=true) above it, with +k8s:deepcopy-gen=package on the package, or +k8s:register-gen=false on the package",
			name, runtimeObject))
	}
	return errs
}

func declaresDeepCopyObject(t *model.Type) bool {
	obj, _, _ := types.LookupFieldOrMethod(types.NewPointer(t.Object.Type()), true, t.Object.Pkg(), "DeepCopyObject")
	_, isFunc := obj.(*types.Func)
	return isFunc
}

func asksForRuntimeObject(t *model.Type) bool {
	if m, ok := t.Markers.Get("kubebuilder:object:root"); ok && m.Bool() {
		return true
	}
	for _, m := range t.Markers.All("k8s:deepcopy-gen:interfaces") {
		for _, name := range strings.Split(m.Value, ",") {
			if strings.TrimSpace(name) == runtimeObject {
				return true
			}
		}
	}
	return false
}
