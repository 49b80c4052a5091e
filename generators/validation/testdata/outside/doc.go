// Package outside has values of types from packages the run does not
// generate validation for, as validation-gen calls or skips them: metav1
// types through k8s.io/apimachinery/pkg/apis/meta/v1/validation, the
// read-only apimachinery packages not at all, and a package that declares
// its own Validate_ functions through them.
//
// +k8s:validation-gen=TypesWithField=TypeMeta
package outside
