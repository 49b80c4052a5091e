// Package unions has unions, discriminated unions, zero-or-one-of unions and
// dependent fields.
//
// +k8s:validation-gen=*
package unions
