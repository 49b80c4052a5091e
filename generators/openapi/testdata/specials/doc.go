// Package specials has types that give their own OpenAPI definitions, the
// way metav1.Time, intstr.IntOrString and resource.Quantity do.
//
// +k8s:openapi-gen=true
package specials
