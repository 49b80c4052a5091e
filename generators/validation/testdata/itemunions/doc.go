// Package itemunions has unions over the items of list-maps, whose items
// join a union through the item tag.
//
// +k8s:validation-gen=*
package itemunions
