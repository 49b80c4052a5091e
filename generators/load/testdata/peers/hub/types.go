// Package hub is an internal version that v1 names as its conversion peer
// but does not import. Its generated deepcopy is missing, so it does not
// compile: conversion-gen (gengo) loads it all the same, ignoring type
// errors, and so does the load.
package hub

import (
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
)

type Widget struct {
	metav1.TypeMeta
	metav1.ObjectMeta
	Size int
}

func addKnownTypes(scheme *runtime.Scheme) {
	scheme.AddKnownTypes(metav1.SchemeGroupVersion, &Widget{}) // no DeepCopyObject: a type error
}
