// Package config has a type-level +k8s:defaulter-gen=true and no package
// tag (jobset's config API): defaulter-gen v0.37.2 generates nothing.
//
// +k8s:deepcopy-gen=package
package config
