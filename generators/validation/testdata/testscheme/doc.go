// Package testscheme registers its root types with a scheme of
// validation-gen's test kind, which takes list and map types too.
//
// +k8s:validation-gen=*
// +k8s:validation-gen-scheme-registry=github.com/metagen-dev/metagen/generators/validation/testdata/expect.Scheme
package testscheme

import "github.com/metagen-dev/metagen/generators/validation/testdata/expect"

var localSchemeBuilder = expect.NewScheme()
