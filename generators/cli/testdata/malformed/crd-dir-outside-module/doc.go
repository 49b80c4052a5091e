// +k8s:deepcopy-gen=package
// +groupName=bad.example.com
// +metagen:crd-dir=../../../../../../../../../../../../../crds
package crddiroutsidemodule
