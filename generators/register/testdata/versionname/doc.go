// Package v1 says +versionName=v1beta1, which register-gen does not read:
// the generated SchemeGroupVersion is v1 (the package name), and so is the
// version RegisterResources records the kinds' names in, or the scheme's
// kinds would get none.
//
// +groupName=names.example.com
// +versionName=v1beta1
package v1
