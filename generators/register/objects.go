package register

import (
	"github.com/metagen-dev/metagen/generators/deepcopy"
	"github.com/metagen-dev/metagen/generators/diag"
	"github.com/metagen-dev/metagen/generators/model"
)

const runtimeObject = "k8s.io/apimachinery/pkg/runtime.Object"

// notObjects explains, at each registered type that deepcopy does not make
// a runtime.Object (its decision, which this generator requires), what to
// add: AddKnownTypes takes runtime.Objects, so the generated file would not
// compile.
func notObjects(pkg *model.Package, objects *deepcopy.Result) []error {
	var errs []error
	for _, name := range registered(pkg) {
		t := pkg.Lookup(name)
		if t == nil || objects.RuntimeObject(t) {
			continue
		}
		errs = append(errs, diag.Errorf(t.Pos,
			"type %s embeds metav1.TypeMeta, so zz_generated.register.go (for +groupName) registers it with the scheme, but nothing makes it a runtime.Object: "+
				"add +k8s:deepcopy-gen:interfaces=%s (or +kubebuilder:object:root=true) above it, with +k8s:deepcopy-gen=package on the package, or +k8s:register-gen=false on the package",
			name, runtimeObject))
	}
	return errs
}
