// Package wrapped has struct-level tags wrapped in the alpha, beta,
// ifEnabled and ifDisabled tags, as k8s.io/api writes them: unions
// (authorization/v1, resource/v1), zero-or-one-of unions over list items
// (certificates/v1), dependencies with a quoted sibling (batch/v1) and mode
// discriminators (flowcontrol/v1).
//
// +k8s:validation-gen=*
package wrapped
