// Package v1 is laid out as kubebuilder lays out a package (metallb
// frr-k8s api/v1beta1): +groupName in groupversion_info.go, no doc.go
// tag. client-gen v0.37.2 reads package tags from doc.go only, so it names
// the group after the parent directory (here "warnings": WarningsV1).
package v1
