// Package v1 embeds another module's types whose tags
// controller-gen reads into the CRD where kube-apiserver refuses them: the
// transition rules of k8s.io/api's +k8s:immutable fields inside the items
// of an atomic list. The errors are positioned in this module, at the list.
//
// +groupName=batch.example.com
// +metagen:crd-dir=../crds
package v1
