// Package ptrlists has lists of pointers with list semantics, item rules
// and item unions, as validation-gen allows them (PtrSliceUnique,
// PtrSliceItem), and a list-map keyed by a field of an embedded struct.
//
// +k8s:validation-gen=*
package ptrlists
