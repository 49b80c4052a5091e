// Package testtags has validation-gen's test-only tags, which show where
// and in which order validations run: validateFalse, validateTrue,
// validateTrueAlpha and validateTrueBeta.
//
// +k8s:validation-gen=*
package testtags
