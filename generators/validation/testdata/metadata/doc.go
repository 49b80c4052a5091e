// Package metadata has root types of every kind: namespaced and
// cluster-scoped, built-in and custom resources, with name formats and an
// allow-list of owned finalizers.
//
// +k8s:validation-gen=TypesWithField=TypeMeta
// +groupName=things.example.com
package metadata

import "k8s.io/apimachinery/pkg/runtime"

var localSchemeBuilder = runtime.NewSchemeBuilder()
