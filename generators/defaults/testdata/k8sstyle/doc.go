// +k8s:defaulter-gen=TypeMeta
// +k8s:defaulter-gen-input=github.com/metagen-dev/metagen/generators/defaults/testdata/k8sstyle/api

// Package v1 holds the defaulters of the api package's types, as
// k8s.io/kubernetes/pkg/apis/<group>/<version> does for k8s.io/api.
package v1
