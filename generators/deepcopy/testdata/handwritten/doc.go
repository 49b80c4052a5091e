// +k8s:deepcopy-gen=package

// Package handwritten has types with hand-written copy methods: those are
// kept and only the missing ones are generated.
package handwritten
