// Package modes has fields whose validation depends on a mode
// discriminator (+k8s:modeDiscriminator and +k8s:ifMode).
//
// +k8s:validation-gen=*
package modes
