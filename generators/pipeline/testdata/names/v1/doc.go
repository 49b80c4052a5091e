// Package v1 has kinds whose English plural is irregular: the CRD's plural
// and the typed client's resource must be one value.
//
// +groupName=names.example.com
package v1
