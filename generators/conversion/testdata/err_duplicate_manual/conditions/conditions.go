// Package conditions is a condition type the old versions share.
package conditions

type Condition struct {
	Type    string `json:"type"`
	Message string `json:"message,omitempty"`
}
