// Package withinit has init functions, whose bodies the loader drops.
package withinit

var ready bool

func init() { ready = true }

func init() {
	ready = !ready
}
