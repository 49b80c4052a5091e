// Package kubebuilderjson has +kubebuilder:validation markers on Go types
// whose JSON form differs from their Go kind, placements controller-gen
// accepts: lengths on []byte (a base64 string), list bounds on *[]T, enums
// of numbers, and object and string rules on structs, which only the CRD
// schema enforces.
//
// +k8s:validation-gen=*
package kubebuilderjson
