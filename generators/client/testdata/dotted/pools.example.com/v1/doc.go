// Package v1 sits in a directory named after its group, dots included
// (whereabouts' pkg/api/whereabouts.cni.cncf.io/v1alpha1): client-gen and
// lister-gen name the group's directories after it (lowercased),
// informer-gen too, in a package named after its first part.
//
// +groupName=pools.example.com
// +kubebuilder:object:generate=true
// +metagen:client-output=../../client
package v1
