// Package erroutput has clients without a scheme. (The loader refuses a
// client output directory outside the module: see the cli malformed cases.)
package erroutput
