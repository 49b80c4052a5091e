// Package formats has a format kube-apiserver does not validate on the
// schema type it is given (metallb frr-k8s: +kubebuilder:validation:Format="cidr"
// on a []string). controller-gen v0.23.0 writes format: cidr on the array,
// kube-apiserver takes the CRD with a warning and checks nothing for it.
//
// +groupName=formats.example.com
// +metagen:crd-dir=crds
package formats
