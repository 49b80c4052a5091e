package crosspkg

import (
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

	"github.com/metagen-dev/metagen/generators/validation/testdata/crosspkg/other"
)

// Root uses another package's type, conditions and a tree.
type Root struct {
	TypeMeta int

	Quota other.Quota `json:"quota"`

	// +listType=map
	// +listMapKey=type
	Conditions []metav1.Condition `json:"conditions,omitempty"`

	Tree *Node `json:"tree,omitempty"`
}

// Node is recursive.
type Node struct {
	// +k8s:maxLength=3
	Name     string `json:"name"`
	Children []Node `json:"children,omitempty"`
	Next     *Node  `json:"next,omitempty"`
}
