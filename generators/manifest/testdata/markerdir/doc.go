// Package markerdir chooses the manifests' directories by markers, one per
// package: each package's rules go to the directory it names.
package markerdir
