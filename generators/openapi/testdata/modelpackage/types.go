package modelpackage

import (
	"github.com/metagen-dev/metagen/generators/openapi/testdata/modelpackage/other"
)

// Gadget refers to its sibling and to a type of another package.
type Gadget struct {
	// Part is a sibling.
	Part Part `json:"part"`
	// Other is in another package without a model package.
	Other other.Thing `json:"other"`
	// Renamed has a model package of its own.
	Renamed Renamed `json:"renamed"`
}

// Part is a sibling.
type Part struct {
	// Name names it.
	Name string `json:"name"`
}

// Renamed is in another model package.
// +k8s:openapi-model-package=com.example.renamed
type Renamed struct {
	// Name names it.
	Name string `json:"name"`
}

// Excluded gets no definition but still a model name, as openapi-gen gives it.
// +k8s:openapi-gen=false
type Excluded struct {
	Name string `json:"name"`
}
