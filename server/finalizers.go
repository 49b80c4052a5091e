package server

import serveradmission "github.com/metagen-dev/metagen/server/internal/admission"

// AllowedFinalizersAnnotation on a CustomResourceDefinition lists, comma
// separated, the finalizers of the CRD's group its controllers own, as
// +metagen:allowed-finalizers lists them on a Go type: the server then
// refuses, on its custom resources, any other finalizer in the group's
// domain, with the message the generated validation of the Go type gives,
// so both ways of serving a type (Options.Scheme, Options.CRDPaths) have
// the same rule. kube-apiserver knows no such rule and ignores the
// annotation.
const AllowedFinalizersAnnotation = serveradmission.AllowedFinalizersAnnotation
