// +k8s:deepcopy-gen=package
// +groupName=bad.example.com
// +metagen:crd-dir=../../../../../../../../../../../../../crds
// +metagen:client-output=../../../../../../../../../../../../../client
package crddiroutsidemodule
