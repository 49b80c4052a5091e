package optout

// Kept gets methods.
type Kept struct {
	Values []string
	Manual Manual
}

// Manual opts out and copies itself by hand.
// +k8s:deepcopy-gen=false
type Manual struct {
	Values []string
}

// DeepCopyInto copies by hand.
func (in *Manual) DeepCopyInto(out *Manual) {
	*out = *in
	if in.Values != nil {
		out.Values = make([]string, len(in.Values))
		copy(out.Values, in.Values)
	}
}

// Skipped opts out with kubebuilder's marker.
// +kubebuilder:object:generate=false
type Skipped struct {
	Values []string
}

// Plain opts out and is copied by assignment where it is used.
// +k8s:deepcopy-gen=false
type Plain struct {
	Name string
}

// UsesPlain uses an opted-out type without references.
type UsesPlain struct {
	Plain  Plain
	Plains []Plain
}

// unexported types get no methods.
type unexported struct {
	Values []string
}
