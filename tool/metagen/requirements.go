//go:build metagen_requirements

package main

// The launcher builds cmd/metagen in the module that uses it, so that module's
// go.mod and go.sum must hold what cmd/metagen needs. go mod tidy and go get
// read files of every build tag: this one, built by nothing, keeps them there.
import _ "github.com/metagen-dev/metagen/generators/cli"
