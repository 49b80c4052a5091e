// +k8s:conversion-gen=github.com/metagen-dev/metagen/generators/conversion/testdata/peer_not_imported

// Package v1 is a versioned API whose peer, the internal version, it does
// not import (it has no hand-written conversions).
package v1
