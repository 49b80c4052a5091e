// Package v1 asks for controller-gen's apply configurations in its own
// directory, whose stale files metagen would remove: refused at the marker.
//
// +kubebuilder:ac:generate=true
// +kubebuilder:ac:output:package=.
// +groupName=ships.example.com
package v1
