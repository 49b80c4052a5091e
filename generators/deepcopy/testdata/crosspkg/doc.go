// +k8s:deepcopy-gen=package

// Package crosspkg uses a struct from a package that does not generate
// deepcopy methods; it holds no references, so assignment copies it.
package crosspkg
