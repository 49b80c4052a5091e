package errouside

import (
	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

	"github.com/metagen-dev/metagen/generators/validation/testdata/err_outside/plain"
)

// Root reaches types of packages with no known validation.
type Root struct {
	metav1.TypeMeta `json:",inline"`

	Resources corev1.ResourceRequirements `json:"resources"`
	Protocol  *corev1.Protocol            `json:"protocol,omitempty"`
	Things    []plain.Thing               `json:"things,omitempty"`
	ByKey     map[plain.Key]string        `json:"byKey,omitempty"`
	ByName    map[string]corev1.EnvVar    `json:"byName,omitempty"`
	Nested    Nested                      `json:"nested"`
	// Listed are lists in a map: the remedy names both steps.
	Listed map[string][]corev1.EnvVar `json:"listed,omitempty"`

	// Opaque values are left alone, as validation-gen's remedies say.
	//
	// +k8s:opaqueType
	Opaque corev1.ResourceRequirements `json:"opaque"`
	// +k8s:eachVal=+k8s:opaqueType
	OpaqueItems []plain.Thing `json:"opaqueItems,omitempty"`
	// +k8s:eachVal=+k8s:eachVal=+k8s:opaqueType
	OpaqueListed map[string][]corev1.EnvVar `json:"opaqueListed,omitempty"`
}

// Nested is reached from Root.
type Nested struct {
	Thing plain.Thing `json:"thing"`
}

// Unreached is no root's, so validation-gen never looks at it.
type Unreached struct {
	Thing plain.Thing `json:"thing"`
}
