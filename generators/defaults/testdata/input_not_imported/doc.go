// +k8s:defaulter-gen=TypeMeta
// +k8s:defaulter-gen-input=github.com/metagen-dev/metagen/generators/defaults/testdata/input_not_imported/api

// Package v1 holds the defaulters of the api package's types, which it does
// not import (it has no hand-written defaulters, only +default markers):
// defaulter-gen, given only this package, loads api itself, and so does
// metagen (TestInputNotAnInput).
package v1
