package aliases

import metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

// Target is the type the aliases name.
type Target struct {
	Values []string
}

// Alias names Target; it gets no methods of its own.
type Alias = Target

// Strings is an alias of a slice type.
type Strings = []string

// Meta is an alias of a type in another package.
type Meta = metav1.ObjectMeta

// Holder uses the aliases.
type Holder struct {
	ByAlias   Alias
	PtrAlias  *Alias
	Aliases   []Alias
	Strings   Strings
	Meta      Meta
	StringMap map[string]Strings
}
