// Package v1 has a resource whose spec includes types of another module
// (k8s.io/api's batch/v1 JobSpec in the items of a map list, core/v1's
// PodTemplateSpec, resource/v1's and core/v1's types with +k8s:eachVal
// tags): its CRD carries what controller-gen reads of their tags, and
// nothing else (TestAgainstControllerGen compares them).
//
// +groupName=batch.example.com
// +metagen:crd-dir=../crds
package v1
