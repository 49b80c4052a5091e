// Package ext holds the types v1's defaulters are for
// (+k8s:defaulter-gen-input), which v1 does not import.
package ext

import metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

type Gadget struct {
	metav1.TypeMeta
	Color string
}
