// Package errouside has values of types whose validation metagen cannot
// find, reachable from a root type: errors, as validation-gen stops at them
// ("is in a non-included package").
//
// +k8s:validation-gen=TypesWithField=TypeMeta
package errouside
