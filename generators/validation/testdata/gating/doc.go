// Package gating has chained and wrapped tags: eachVal and eachKey (nested),
// alpha and beta, ifEnabled and ifDisabled, neq and opaqueType.
//
// +k8s:validation-gen=*
package gating
