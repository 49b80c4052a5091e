// Package v1 is the widgets.example.com/v1 API group: an example of the API
// types metagen is built for, with its generated code checked in.
//
//go:generate go run github.com/metagen-dev/metagen/cmd/metagen generate .
//
// +k8s:deepcopy-gen=package
// +groupName=widgets.example.com
package v1
