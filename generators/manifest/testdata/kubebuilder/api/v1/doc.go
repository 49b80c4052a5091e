// Package v1 holds the fleet API and its webhooks.
// +groupName=fleet.example.com
package v1
