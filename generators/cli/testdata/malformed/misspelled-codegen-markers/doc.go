// +k8s:deepcopy-gen=package
// +gropuName=bad.example.com
// +metagen:crd-dri=crds
package misspelledcodegen
