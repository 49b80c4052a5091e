// Package agreement writes no CRD: lint compiles its CEL rules.
// +groupName=agreement.example.com
package agreement
