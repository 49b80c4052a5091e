package v1

// A register.go written by hand: register-gen leaves the package alone.
var registered = true
