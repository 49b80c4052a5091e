package v1alpha1

import metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

// Grade is how serious an entry is.
// Its values are free text.
type Grade string

// Severity has no doc of its own in the CRD: it takes Grade's.
type Severity Grade

type Urgency Severity

// Entry is one entry of a logbook.
//
// The lines of a paragraph keep their breaks,
// and paragraphs are kept:
//   - an indented bullet
//   - and another,
//     continued
//
// TODO: this line is dropped.
//
//	A tab-indented line is kept as it is.
//
// ---
// Everything after the dashes is left out.
type Entry struct {
	// Text of the entry.
	// +required
	Text   string `json:"text"` // a trailing comment describes no field
	Author string `json:"author,omitempty"`

	// At is when it was written.
	// TODO(someone): a TODO line in the middle.
	// Still part of the description.
	// +required
	At metav1.Time `json:"at"`

	// Grade of the entry.
	//
	// +optional
	//
	// A paragraph after a marker.
	Grade Grade `json:"grade,omitempty"`

	// +optional
	Severity Severity `json:"severity,omitempty"`

	// +optional
	Urgency *Urgency `json:"urgency,omitempty"`

	// Example shows a block:
	//
	// ```yaml
	// TODO: kept inside a code block
	// ---
	// ```
	//
	// TODO: dropped again.
	// ---dashes that start a line end it too
	// +optional
	Example string `json:"example,omitempty"`

	/* Note is described in a block comment,
	   whose indentation is trimmed. */
	// +optional
	Note string `json:"note,omitempty"`
}

// Stamp is inlined in the logbook spec.
type Stamp struct {
	// Zulu is the time zone.
	// +required
	Zulu string `json:"zulu"`
	// Ashore says where.
	// +required
	Ashore string `json:"ashore"`
}

type Remark metav1.Condition

// Crew is the crew on watch.
type Crew Stamp

// LogbookSpec defines the desired state of Logbook.
type LogbookSpec struct {
	// Vessel keeps the book.
	// +required
	Vessel string `json:"vessel"`

	Stamp `json:",inline"`

	// Entries of the book.
	// +required
	Entries []Entry `json:"entries"`

	// Binder is the book's cover.
	// +required
	Binder string `json:"binder"`

	// +optional
	Remark *Remark `json:"remark,omitempty"`

	// +optional
	Crew *Crew `json:"crew,omitempty"`
}

// Logbook is a ship's log.
// +kubebuilder:object:root=true
type Logbook struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`

	Spec LogbookSpec `json:"spec"`
}

// LogbookList contains a list of Logbook.
// +kubebuilder:object:root=true
type LogbookList struct {
	metav1.TypeMeta `json:",inline"`
	metav1.ListMeta `json:"metadata,omitempty"`
	Items           []Logbook `json:"items"`
}
