// Package v1 gets its register file generated: +groupName, no register.go.
//
// +groupName=things.example.com
package v1
