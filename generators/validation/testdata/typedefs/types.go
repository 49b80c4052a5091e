package typedefs

// Name is a short name.
//
// +k8s:format=k8s-short-name
type Name string

// Percent is 0 to 100.
//
// +k8s:minimum=0
// +k8s:maximum=100
type Percent int32

// Names is a set of names.
//
// +k8s:listType=set
// +k8s:maxItems=3
type Names []Name

// Limits maps names to percentages.
//
// +k8s:maxProperties=2
type Limits map[string]Percent

// Phase is an enum.
//
// +k8s:enum
type Phase string

const (
	PhasePending Phase = "Pending"
	PhaseRunning Phase = "Running"
)

// NotASpecType is not a root: its suffix does not match.
type NotASpecType struct {
	// +k8s:required
	Unused string `json:"unused"`
}

// RootSpec uses the types above.
type RootSpec struct {
	Name    Name             `json:"name"`
	Share   *Percent         `json:"share,omitempty"`
	Names   Names            `json:"names,omitempty"`
	Limits  Limits           `json:"limits,omitempty"`
	Phase   Phase            `json:"phase,omitempty"`
	Phases  []Phase          `json:"phases,omitempty"`
	ByPhase map[string]Phase `json:"byPhase,omitempty"`
}
