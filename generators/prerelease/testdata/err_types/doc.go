// +k8s:prerelease-lifecycle-gen=true
package err_types
