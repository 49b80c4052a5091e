// +k8s:conversion-gen=github.com/metagen-dev/metagen/generators/conversion/testdata/shared_manual/ipam/v1beta2

// Package v1alpha1 writes no Condition conversions: conversion-gen, run on
// the ipam group at once, calls ipam/v1beta1's.
package v1alpha1
