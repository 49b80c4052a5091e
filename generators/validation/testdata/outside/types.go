package outside

import (
	"k8s.io/apimachinery/pkg/api/resource"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/util/intstr"

	"github.com/metagen-dev/metagen/generators/validation/testdata/outside/ext"
)

// Root holds a template.
type Root struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`

	Template Template `json:"template"`
}

// Template is not a root's object: its metadata is validated by
// metav1validation.Validate_ObjectMeta, as validation-gen does.
type Template struct {
	metav1.ObjectMeta `json:"metadata,omitempty"`

	Owner *metav1.OwnerReference `json:"owner,omitempty"`
	// +k8s:optional
	Status metav1.ConditionStatus `json:"status,omitempty"`

	// The read-only packages have no rules.
	Size  resource.Quantity     `json:"size"`
	Port  intstr.IntOrString    `json:"port"`
	Since metav1.Time           `json:"since"`
	Sel   *metav1.LabelSelector `json:"sel,omitempty"`

	Limit  ext.Limit            `json:"limit"`
	ByName map[string]ext.Limit `json:"byName,omitempty"`
	List   ext.Limits           `json:"list,omitempty"`

	// +k8s:opaqueType
	Opaque ext.Limit `json:"opaque"`
}
