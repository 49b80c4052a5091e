// Package testapi holds the Go types of the server's multi-version tests:
// gadgets.example.com in v1alpha1 and v1, written by hand (DeepCopy and
// validation included) so that the tests do not depend on the generators.
//
//   - Gadget is the same resource in both versions, with a field renamed:
//     v1alpha1's spec.count is v1's spec.replicas. v1alpha1.RegisterConversions
//     adds the conversion functions; without them the server converts as a
//     CRD with conversion strategy None does. Each version registers its own
//     validation.
//   - Sprocket converts with controller-runtime's conversion methods: v1 is
//     the hub (Hub), v1alpha1 is convertible (ConvertTo, ConvertFrom).
//   - Mismatch gives spec.size a string type in v1alpha1 and an integer one
//     in v1, which no conversion reconciles.
package testapi

import "k8s.io/apimachinery/pkg/runtime"

// GroupName is the group of every type here.
const GroupName = "gadgets.example.com"

// Hub is controller-runtime's conversion.Hub, copied: the server finds the
// conversion methods by name and signature, without importing
// controller-runtime.
type Hub interface {
	runtime.Object
	Hub()
}
