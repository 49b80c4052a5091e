// Package install registers the gizmos API group in a scheme, as an API
// server does: the internal version, v1 and v1beta1 with their generated
// conversions and defaulters, v1 preferred.
package install

import (
	"k8s.io/apimachinery/pkg/runtime"

	"github.com/metagen-dev/metagen/examples/gizmos"
	gizmosv1 "github.com/metagen-dev/metagen/examples/gizmos/v1"
	gizmosv1beta1 "github.com/metagen-dev/metagen/examples/gizmos/v1beta1"
)

// Install adds the group's versions to scheme.
func Install(scheme *runtime.Scheme) error {
	for _, add := range []func(*runtime.Scheme) error{gizmos.AddToScheme, gizmosv1.AddToScheme, gizmosv1beta1.AddToScheme} {
		if err := add(scheme); err != nil {
			return err
		}
	}
	return scheme.SetVersionPriority(gizmosv1.SchemeGroupVersion, gizmosv1beta1.SchemeGroupVersion)
}

// NewScheme is a scheme with only the gizmos group.
func NewScheme() (*runtime.Scheme, error) {
	scheme := runtime.NewScheme()
	return scheme, Install(scheme)
}
