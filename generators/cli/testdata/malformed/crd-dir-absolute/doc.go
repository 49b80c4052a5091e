// +k8s:deepcopy-gen=package
// +groupName=bad.example.com
// +metagen:crd-dir=/tmp/crds
// +metagen:api-rules=/tmp/api-rules.list
// +metagen:client-output=C:\client
package crddirabsolute
