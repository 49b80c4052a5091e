// Package v1 is the routes.example.com/v1 API group: an example of a type
// whose rules are CEL (+kubebuilder:validation:XValidation), enforced by
// kube-apiserver through the CRD and, the same, by the generated Go
// validation, so that the scheme, the fake clientset and the in-process
// server refuse what a cluster refuses. routes_test.go tests the rules with
// metagentest.Rules; hack/e2e runs the same table on a real kube-apiserver.
//
// +k8s:deepcopy-gen=package
// +k8s:validation-gen=TypesWithField=TypeMeta
// +groupName=routes.example.com
// +metagen:crd-dir=../config/crd
// +metagen:docs-dir=../docs
//
//go:generate go run github.com/metagen-dev/metagen/cmd/metagen generate .
package v1
