// Package markerdir chooses the manifests' directories by markers.
// +metagen:rbac-dir=want/rbac
// +metagen:webhook-dir=want/webhook
package markerdir
