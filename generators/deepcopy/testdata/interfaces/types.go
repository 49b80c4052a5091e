package interfaces

import (
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
)

// Shape is an interface whose values copy themselves.
type Shape interface {
	Area() int
	DeepCopyShape() Shape
}

// Square is a Shape and a runtime.Object.
// +k8s:deepcopy-gen:interfaces=github.com/metagen-dev/metagen/generators/deepcopy/testdata/interfaces.Shape
// +k8s:deepcopy-gen:interfaces=k8s.io/apimachinery/pkg/runtime.Object
type Square struct {
	metav1.TypeMeta `json:",inline"`
	Side            int
	Tags            []string
}

// Area completes Shape.
func (s *Square) Area() int { return s.Side * s.Side }

// Drawing holds shapes and objects.
// +k8s:deepcopy-gen:interfaces=k8s.io/apimachinery/pkg/runtime.Object
type Drawing struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`

	Main     Shape
	Shapes   []Shape
	ByName   map[string]Shape
	Embedded runtime.Object
}

// DrawingList lists drawings.
// +k8s:deepcopy-gen:interfaces=k8s.io/apimachinery/pkg/runtime.Object
type DrawingList struct {
	metav1.TypeMeta `json:",inline"`
	metav1.ListMeta `json:"metadata,omitempty"`
	Items           []Drawing `json:"items"`
}

// Custom has a hand-written DeepCopyObject, which is kept.
// +k8s:deepcopy-gen:interfaces=k8s.io/apimachinery/pkg/runtime.Object
type Custom struct {
	metav1.TypeMeta `json:",inline"`
}

// DeepCopyObject is written by hand.
func (in *Custom) DeepCopyObject() runtime.Object {
	return in.DeepCopy()
}
