// Package peer_not_imported is an internal API version that no versioned package
// imports: conversion-gen, given only v1 (as kube_codegen.sh runs it, on the
// packages with +k8s:conversion-gen), loads it itself as v1's peer, and so
// does metagen (k8s.io/metrics' and k8s.io/kube-aggregator's layout).
package peer_not_imported

import metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

type Gadget struct {
	metav1.TypeMeta
	metav1.ObjectMeta
	Spec   GadgetSpec
	Status GadgetStatus
}

type GadgetList struct {
	metav1.TypeMeta
	metav1.ListMeta
	Items []Gadget
}

type GadgetSpec struct {
	// Replicas is a value here and a pointer in v1: runtime's
	// hand-written Convert_Pointer_int32_To_int32 (a base peer) converts it.
	Replicas int32
	Labels   map[string]string
	Parts    []Part
	Color    Color
}

type Color string

// Part has v1's layout: it converts with one unsafe cast.
type Part struct {
	Name  string
	Count int64
}

type GadgetStatus struct {
	Ready bool
}
