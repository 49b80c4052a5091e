// +k8s:conversion-gen=github.com/metagen-dev/metagen/generators/conversion/testdata/err_duplicate_manual/widgets/v1beta2

// Package v1beta1 hand-writes the Condition conversions, as the other old
// version of its group does: conversion-gen, run on the group, stops at the
// second.
package v1beta1
