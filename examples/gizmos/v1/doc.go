// +groupName=gizmos.example.com
// +k8s:deepcopy-gen=package
// +k8s:conversion-gen=github.com/metagen-dev/metagen/examples/gizmos
// +k8s:defaulter-gen=TypeMeta

// Package v1 is a served version of gizmos.example.com.
//
//go:generate go run github.com/metagen-dev/metagen/cmd/metagen generate .
package v1
