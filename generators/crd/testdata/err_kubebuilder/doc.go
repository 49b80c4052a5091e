// Package errkubebuilder has kubebuilder markers controller-gen writes
// without a word but that kube-apiserver refuses or that lose what they say.
//
// +groupName=kb.example.com
// +metagen:crd-dir=crds
package errkubebuilder
