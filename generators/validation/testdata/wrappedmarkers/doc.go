// Package wrappedmarkers has the schema dialects' markers (required,
// optional, kubebuilder) next to validation-gen's tags wrapped in alpha,
// beta, ifEnabled and ifDisabled, as k8s.io/api writes them (flowcontrol/v1's
// type is required in both dialects, the tag under beta): the tag is the one
// check, with its stability mark and its option, as validation-gen reports
// it; the markers are the schema's documentation.
//
// +k8s:validation-gen=*
package wrappedmarkers
