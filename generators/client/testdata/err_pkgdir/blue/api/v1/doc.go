// Package v1 of blue.example.com sits in an api/ directory, as the other
// group's does: both would get the package api under typed/.
//
// +groupName=blue.example.com
// +metagen:client-output=../../../client
package v1
