// Package v1 is a protected group (*.kubernetes.io) whose source sets the
// api-approved.kubernetes.io annotation.
//
// +groupName=gadgets.kubernetes.io
// +metagen:crd-dir=../../crds
package v1
