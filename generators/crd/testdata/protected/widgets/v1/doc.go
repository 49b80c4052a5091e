// Package v1 is a protected group (*.k8s.io) whose source does not set
// the api-approved.kubernetes.io annotation: kube-apiserver refuses its
// CRD unless --crd-api-approved gives it.
//
// +groupName=widgets.k8s.io
// +metagen:crd-dir=../../crds
package v1
