// Package unsupported_manual is an internal version with a type conversion-gen
// cannot convert (an interface), converted by hand-written functions in v1
// (apiextensions' JSON): conversion-gen writes the pair's autoConvert stub
// with a FIXME and exits 0, its output builds, and so does metagen.
package unsupported_manual

import metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

// JSON is any JSON value.
type JSON interface{}

type Thing struct {
	metav1.TypeMeta
	metav1.ObjectMeta
	Default *JSON
}
